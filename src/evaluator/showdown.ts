import type { Card, Rank } from '../cards/card.js';
import { CardInputError } from '../cards/card-input-error.js';
import { assertDistinct } from '../cards/notation.js';
import type { Category } from './category.js';
import { evaluateHand, type HandEvaluation } from './evaluate.js';
import { classOfValue } from './packed-classes.js';
import { CATEGORY_WORDS, capitalize, rankWords, type Words } from './words.js';

export type Contestant<Id> = { readonly id: Id; readonly holeCards: readonly Card[] };

export type ShowdownResult<Id> = {
  /** Every contestant's hand, in the order given. */
  readonly hands: readonly { readonly id: Id; readonly evaluation: HandEvaluation }[];
  /** The contestants with the best hand: more than one is a split pot. */
  readonly winners: readonly Id[];
  /** Why they win, against the best hand that loses (or why the pot is split). */
  readonly why: Words;
};

/**
 * Decides a Texas Hold'em showdown: each contestant's two hole cards with the board (3–5 cards), the
 * best five of them; the highest value wins, equal values split. Every card must be distinct across
 * all hands and the board. Suits never break a tie.
 */
export function decideShowdown<Id>(contestants: readonly Contestant<Id>[], board: readonly Card[]): ShowdownResult<Id> {
  if (contestants.length === 0) throw new CardInputError('wrong-card-count', 'a showdown needs at least one hand');
  if (board.length < 3 || board.length > 5) {
    throw new CardInputError('wrong-card-count', `the board has 3 to 5 cards at a showdown, got ${board.length}`);
  }
  for (const contestant of contestants) {
    if (contestant.holeCards.length !== 2) {
      throw new CardInputError(
        'wrong-card-count',
        `${String(contestant.id)} has ${contestant.holeCards.length} hole cards, Texas Hold'em has 2`,
      );
    }
  }
  assertDistinct([...board, ...contestants.flatMap((contestant) => contestant.holeCards)]);

  const hands = contestants.map((contestant) => ({
    id: contestant.id,
    evaluation: evaluateHand([...contestant.holeCards, ...board]),
  }));
  const best = Math.max(...hands.map((hand) => hand.evaluation.value));
  const winners = hands.filter((hand) => hand.evaluation.value === best);
  const losers = hands.filter((hand) => hand.evaluation.value !== best);
  const runnerUp = losers.reduce<(typeof hands)[number] | undefined>(
    (top, hand) => (top === undefined || hand.evaluation.value > top.evaluation.value ? hand : top),
    undefined,
  );
  const winning = winners[0]?.evaluation as HandEvaluation;
  let why: Words;
  if (runnerUp === undefined) {
    why =
      winners.length === 1
        ? { en: `${winning.words.en}: the only hand`, de: `${winning.words.de}: die einzige Hand` }
        : {
            en: `Split pot: ${winners.length} hands tie with ${lowerFirst(winning.words.en)}`,
            de: `Split Pot: ${winners.length} gleiche Hände, ${winning.words.de}`,
          };
  } else {
    why = whyBetter(winning.value, runnerUp.evaluation.value);
    if (winners.length > 1) {
      why = { en: `${why.en}; split pot between ${winners.length} hands`, de: `${why.de}; Split Pot unter ${winners.length} Händen` };
    }
  }
  return { hands, winners: winners.map((hand) => hand.id), why };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Why hand value `better` beats `worse`, in the croupier's words: the first thing that differs. */
export function whyBetter(better: number, worse: number): Words {
  const winner = classOfValue(better);
  const loser = classOfValue(worse);
  if (winner.category !== loser.category) {
    const won = CATEGORY_WORDS[winner.category];
    const lost = CATEGORY_WORDS[loser.category];
    return { en: `${capitalize(won.en)} beats ${lost.en}`, de: `${won.de} schlägt ${lost.de}` };
  }
  const position = winner.ranks.findIndex((rank, index) => rank !== loser.ranks[index]);
  return differenceWords(winner.category, position, winner.ranks[position] as Rank);
}

function differenceWords(category: Category, position: number, rank: Rank): Words {
  const { en, de } = rankWords;
  const kicker = (sameEn: string, sameDe: string): Words => ({
    en: `Same ${sameEn}, higher kicker: ${en.one(rank)}`,
    de: `${sameDe}, höherer Kicker: ${de.one(rank)}`,
  });
  switch (category) {
    case 'high-card':
      return position === 0
        ? { en: `Higher card: ${en.one(rank)}`, de: `Höhere Karte: ${de.one(rank)}` }
        : kicker('high card', 'Gleiche höchste Karte');
    case 'one-pair':
      return position === 0
        ? { en: `Higher pair: ${en.many(rank)}`, de: `Höheres Paar: ${de.many(rank)}` }
        : kicker('pair', 'Gleiches Paar');
    case 'two-pair':
      if (position === 0) return { en: `Higher top pair: ${en.many(rank)}`, de: `Höheres oberes Paar: ${de.many(rank)}` };
      if (position === 2) {
        return {
          en: `Same top pair, higher second pair: ${en.many(rank)}`,
          de: `Gleiches oberes Paar, höheres zweites Paar: ${de.many(rank)}`,
        };
      }
      return kicker('two pair', 'Gleiche zwei Paare');
    case 'three-of-a-kind':
      return position === 0
        ? { en: `Higher three of a kind: ${en.many(rank)}`, de: `Höherer Drilling: ${de.many(rank)}` }
        : kicker('three of a kind', 'Gleicher Drilling');
    case 'full-house':
      return position === 0
        ? { en: `Higher three of a kind: ${en.many(rank)}`, de: `Höherer Drilling: ${de.many(rank)}` }
        : { en: `Same three of a kind, higher pair: ${en.many(rank)}`, de: `Gleicher Drilling, höheres Paar: ${de.many(rank)}` };
    case 'four-of-a-kind':
      return position === 0
        ? { en: `Higher four of a kind: ${en.many(rank)}`, de: `Höherer Vierling: ${de.many(rank)}` }
        : kicker('four of a kind', 'Gleicher Vierling');
    case 'flush':
      return position === 0
        ? { en: `Higher flush: ${en.one(rank)} high`, de: `Höherer Flush: ${de.one(rank)} hoch` }
        : { en: `Both flushes, higher card: ${en.one(rank)}`, de: `Beide Flush, höhere Karte: ${de.one(rank)}` };
    case 'straight':
      return { en: `Higher straight: ${en.one(rank)} high`, de: `Höhere Straße: ${de.one(rank)} hoch` };
    case 'straight-flush':
    case 'royal-flush':
      return { en: `Higher straight flush: ${en.one(rank)} high`, de: `Höherer Straight Flush: ${de.one(rank)} hoch` };
  }
}
