import type { Card } from '../../cards/card.js';
import { formatCardSymbol } from '../../cards/notation.js';
import type { Words } from '../../evaluator/words.js';
import { amountWords, announceAward } from './announce.js';
import type { Operation, PostKind } from './operations.js';
import type { HandState, Player } from './state.js';

const POSTS: Readonly<Record<PostKind, Words>> = {
  ante: { en: 'an ante', de: 'eine Ante' },
  'big-blind-ante': { en: 'the big-blind ante', de: 'die Big-Blind-Ante' },
  'small-blind': { en: 'the small blind', de: 'den Small Blind' },
  'big-blind': { en: 'the big blind', de: 'den Big Blind' },
  straddle: { en: 'a straddle', de: 'einen Straddle' },
  'posted-blind': { en: 'an owed blind', de: 'einen geschuldeten Blind' },
  'dead-blind': { en: 'a dead blind', de: 'einen toten Blind' },
};

const STREETS = { flop: { en: 'Flop', de: 'Flop' }, turn: { en: 'Turn', de: 'Turn' }, river: { en: 'River', de: 'River' } } as const;

const cards = (list: readonly Card[]): string => list.map(formatCardSymbol).join(' ');

/**
 * One operation in the croupier's words, given the state it was applied to ("Seat 4 raises to 60").
 * A hole card is "Seat 4 gets a card", never its face: only tabled cards are named. Bookkeeping
 * operations (whose turn it is, a betting round opening) have no words: null.
 */
export function describeOperation(before: HandState | undefined, operation: Operation): Words | null {
  const seat = 'seat' in operation && typeof operation.seat === 'number' ? operation.seat : 0;
  const allIn = (player: Player | undefined, paid: number): boolean => player !== undefined && player.stack === paid;
  const playerOf = (): Player | undefined => before?.players.find((player) => player.seat === seat);
  switch (operation.type) {
    case 'hand-started':
      return { en: `Hand started: button seat ${operation.buttonSeat}`, de: `Hand begonnen: Button Platz ${operation.buttonSeat}` };
    case 'post': {
      // A straddle over a blind the seat posted this hand tops it up (D43): the words say what is in front.
      const inFront = operation.kind === 'straddle' ? (playerOf()?.bet ?? 0) : 0;
      const amount = amountWords(operation.amount);
      if (inFront > 0) {
        const total = amountWords(inFront + operation.amount);
        return { en: `Seat ${seat} posts a straddle, ${amount.en} more: ${total.en} in front`, de: `Platz ${seat} setzt einen Straddle, ${amount.de} dazu: ${total.de} gesetzt` };
      }
      return { en: `Seat ${seat} posts ${POSTS[operation.kind].en}, ${amount.en}`, de: `Platz ${seat} setzt ${POSTS[operation.kind].de}, ${amount.de}` };
    }
    case 'deal':
      if (operation.to === 'burn') return { en: 'Burn card', de: 'Brennkarte' };
      if (operation.to === 'board') return operation.card === null ? { en: 'Board card', de: 'Boardkarte' } : { en: `Board: ${cards([operation.card])}`, de: `Board: ${cards([operation.card])}` };
      return { en: `Seat ${operation.to.seat} gets a card`, de: `Platz ${operation.to.seat} bekommt eine Karte` };
    case 'card-exposed':
      return { en: `Seat ${seat}'s card was exposed: it is burned, a new card follows`, de: `Die Karte von Platz ${seat} wurde aufgedeckt: sie wird verbrannt, eine neue folgt` };
    case 'premature-card':
      return operation.to === 'burn'
        ? { en: 'A burn card turned too early stays with the burns', de: 'Eine zu früh aufgedeckte Brennkarte bleibt bei den Brennkarten' }
        : { en: 'A card turned too early is set aside', de: 'Eine zu früh aufgedeckte Karte wird beiseitegelegt' };
    case 'cards-returned':
      return operation.redeal ? { en: 'The flop goes back into the stub and is dealt again', de: 'Der Flop kommt zurück in den Stock und wird neu gegeben' } : { en: 'Cards set aside go back into the stub', de: 'Beiseitegelegte Karten kommen zurück in den Stock' };
    case 'street':
      return STREETS[operation.street];
    case 'fold':
      return { en: `Seat ${seat} folds`, de: `Platz ${seat} passt` };
    case 'check':
      return { en: `Seat ${seat} checks`, de: `Platz ${seat} checkt` };
    case 'call': {
      const suffix = allIn(playerOf(), operation.amount) ? ', all-in' : '';
      const amount = amountWords(operation.amount);
      return { en: `Seat ${seat} calls ${amount.en}${suffix}`, de: `Platz ${seat} geht mit, ${amount.de}${suffix}` };
    }
    case 'bet': {
      const player = playerOf();
      const raise = before !== undefined && before.currentBet > 0;
      const suffix = allIn(player, operation.to - (player?.bet ?? 0)) ? ', all-in' : '';
      const to = amountWords(operation.to);
      return raise
        ? { en: `Seat ${seat} raises to ${to.en}${suffix}`, de: `Platz ${seat} erhöht auf ${to.de}${suffix}` }
        : { en: `Seat ${seat} bets ${to.en}${suffix}`, de: `Platz ${seat} setzt ${to.de}${suffix}` };
    }
    case 'return-uncalled': {
      const amount = amountWords(operation.amount);
      return { en: `Seat ${seat} takes back ${amount.en}, uncalled`, de: `Platz ${seat} bekommt ${amount.de} zurück, nicht gehalten` };
    }
    case 'collect': {
      const total = amountWords(operation.pots.reduce((sum, pot) => sum + pot.amount, 0));
      return { en: `Bets into the pot: ${total.en}`, de: `Einsätze in den Pot: ${total.de}` };
    }
    case 'showdown':
      return { en: 'Showdown', de: 'Showdown' };
    case 'show':
      return { en: `Seat ${seat} shows ${cards(operation.cards)}`, de: `Platz ${seat} zeigt ${cards(operation.cards)}` };
    case 'muck':
      return { en: `Seat ${seat} mucks`, de: `Platz ${seat} wirft ab` };
    case 'rake': {
      const amount = amountWords(operation.amount);
      return { en: `Rake ${amount.en}`, de: `Rake ${amount.de}` };
    }
    case 'award':
      return announceAward(operation);
    case 'hand-ended': {
      // The last step says who won what, so that a replay stepped to its end shows the result.
      const awards = (before?.awards ?? []).map(announceAward);
      if (awards.length === 0) return { en: 'Hand over', de: 'Hand beendet' };
      return { en: `Hand over: ${awards.map((words) => words.en).join('; ')}`, de: `Hand beendet: ${awards.map((words) => words.de).join('; ')}` };
    }
    case 'betting-round':
    case 'next-actor':
      return null;
  }
}
