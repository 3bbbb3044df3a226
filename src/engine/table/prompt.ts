import type { Words } from '../../evaluator/words.js';
import { announceAward } from '../hand/announce.js';
import { getLegalActions, type LegalActions } from '../hand/betting.js';
import { type CardTarget, describeTarget, expectedCard } from '../hand/dealing.js';
import { type HandPlan, planHand } from './table-blinds.js';
import type { TableState } from './table-state.js';
import { timeCollection } from './time-collection.js';
import { reduceTable } from './table-reduce.js';
import { mayMuck, unreadCards } from '../hand/showdown.js';
import { MISDEAL_REASONS, type TableLogEntry } from './table-operations.js';
import { handConfig, levelDue } from './tournament.js';

/** What the croupier must do next: words for the screen (English and German) and the same as data. */
export type Prompt = { readonly words: Words } & (
  | { readonly kind: 'seat-players' }
  /** A tournament has its winner: nothing more to deal. */
  | { readonly kind: 'tournament-over'; readonly winner: string }
  | { readonly kind: 'draw-for-button'; readonly seats: readonly number[] }
  | {
      readonly kind: 'start-hand';
      /** The last hand's awards, to announce while pushing the pots. */
      readonly awards: readonly Words[];
      readonly collectTime: readonly { readonly seat: number; readonly amount: number }[];
      readonly button: number;
      readonly smallBlind: { readonly seat: number; readonly amount: number } | null;
      readonly bigBlind: { readonly seat: number; readonly amount: number };
      readonly owed: readonly { readonly seat: number; readonly live: number; readonly dead: number }[];
    }
  | { readonly kind: 'deal'; readonly target: CardTarget }
  | { readonly kind: 'action'; readonly seat: number; readonly legal: LegalActions }
  /**
   * `unread`: how many of the player's cards were dealt unread, which the croupier names (none, one or two);
   * `muck`: whether the player may muck instead (not the first to show, nobody all-in: E10).
   */
  | { readonly kind: 'show'; readonly seat: number; readonly unread: number; readonly muck: boolean }
);

/** The plan of a hand dealt again after a misdeal: its own positions. */
function redealPlan(positions: NonNullable<TableState['redeal']>['positions']): Pick<HandPlan, 'button' | 'smallBlindSeat' | 'bigBlind' | 'dealtIn' | 'extraPosts'> {
  const { button, smallBlindPosition, bigBlind, dealtIn, extraPosts } = positions;
  const smallBlindSeat = dealtIn.includes(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null;
  return { button, smallBlindSeat, bigBlind, dealtIn, extraPosts };
}

/** The seat left of the big blind among those dealt in (in table order from seat 1): the straddle's. */
function seatAfter(dealtIn: readonly number[], seat: number): number {
  return dealtIn.find((other) => other > seat) ?? (dealtIn[0] as number);
}

/**
 * The croupier's next step at this table, derived from the state only (the touchscreen shows it; nothing
 * here decides a rule that the engine does not decide the same way when the command comes).
 */
export function getPrompt(table: TableState, at: number): Prompt {
  const hand = table.hand;
  if (hand !== null && hand.phase.kind !== 'complete') {
    const actor = hand.actor < 0 ? null : hand.players[hand.actor];
    if (hand.phase.kind === 'dealing') {
      const target = expectedCard(hand) as CardTarget;
      const place = describeTarget(target);
      // The first card of a hand: the deck is shuffled first.
      const shuffle = hand.street === 'preflop' && hand.dealt === 0 ? { en: 'Shuffle, then deal', de: 'Mischen, dann austeilen:' } : { en: 'Deal', de: 'Austeilen:' };
      return { kind: 'deal', target, words: { en: `${shuffle.en} ${place.en}`, de: `${shuffle.de} ${place.de}` } };
    }
    if (hand.phase.kind === 'betting' && actor !== undefined && actor !== null) {
      const legal = getLegalActions(hand) as LegalActions;
      return { kind: 'action', seat: actor.seat, legal, words: { en: `Action on seat ${actor.seat}`, de: `Platz ${actor.seat} ist am Zug` } };
    }
    if (actor !== undefined && actor !== null) {
      const muck = mayMuck(hand);
      const words = muck ? { en: `Seat ${actor.seat} shows or mucks`, de: `Platz ${actor.seat} zeigt oder wirft ab` } : { en: `Seat ${actor.seat} shows`, de: `Platz ${actor.seat} zeigt` };
      return { kind: 'show', seat: actor.seat, unread: unreadCards(actor), muck, words };
    }
  }
  const winner = table.tournament?.winner ?? null;
  if (winner !== null) {
    const out = outInLastHand(table);
    return {
      kind: 'tournament-over',
      winner,
      words: { en: [`Tournament over: ${winner} wins`, ...out.map((player) => player.en)].join('. '), de: [`Turnier beendet: ${winner} gewinnt`, ...out.map((player) => player.de)].join('. ') },
    };
  }
  const seated = table.seats.filter((player) => player !== null);
  if (table.button === null) {
    const playing = seated.filter((player) => player.status === 'playing');
    if (playing.length < 2) return { kind: 'seat-players', words: { en: 'Seat at least two players', de: 'Mindestens zwei Spieler setzen' } };
    const seats = playing.filter((player) => !table.buttonDraw.some((drawn) => drawn.seat === player.seat)).map((player) => player.seat);
    return { kind: 'draw-for-button', seats, words: { en: `Draw for the button: seat ${seats.join(', ')}`, de: `Button auslosen: Platz ${seats.join(', ')}` } };
  }
  // The next hand as it would start now: time first, then the blinds.
  // A redeal after a misdeal is the same hand again: no time, the same blinds and limits (TDA 35).
  const redeal = table.redeal;
  let preview = table;
  const collection = redeal === null ? timeCollection(table, at) : [];
  for (const entry of collection) preview = reduceTable(preview, entry);
  const level = redeal === null ? levelDue(preview, at) : null;
  if (level !== null) preview = reduceTable(preview, level);
  const plan = redeal === null ? planHand(preview) : redealPlan(redeal.positions);
  if (plan === null) return { kind: 'seat-players', words: { en: 'Seat at least two players', de: 'Mindestens zwei Spieler setzen' } };
  const { smallBlind, bigBlind, bigBlindAnte, ante, straddle } = redeal === null ? handConfig(preview) : redeal.config;
  const collectTime = timeBySeat(collection);
  const awards = hand !== null && hand.phase.kind === 'complete' ? hand.awards.map(announceAward) : [];
  const parts = { en: [] as string[], de: [] as string[] };
  if (table.voided !== null) {
    const reason = MISDEAL_REASONS[table.voided.reason];
    parts.en.push(`Misdeal (${reason.en}): every chip back, redeal`);
    parts.de.push(`Misdeal (${reason.de}): alle Chips zurück, neu geben`);
  }
  if (awards.length > 0) {
    parts.en.push(...awards.map((award) => award.en));
    parts.de.push(...awards.map((award) => award.de));
  }
  for (const out of outInLastHand(table)) {
    parts.en.push(out.en);
    parts.de.push(out.de);
  }
  if (collectTime.length > 0) {
    // The period's time once when every seat pays just that; else each seat's amount (time due is another sum).
    const fee = table.config.timeCollection?.amount ?? null;
    const plain = collectTime.every((entry) => entry.amount === fee);
    const seats = collectTime.map((entry) => (plain ? `${entry.seat}` : `${entry.seat} (${entry.amount})`)).join(', ');
    parts.en.push(plain ? `Collect time, ${fee} each, from seat ${seats}` : `Collect time from seat ${seats}`);
    parts.de.push(plain ? `Zeit kassieren, je ${fee}: Platz ${seats}` : `Zeit kassieren: Platz ${seats}`);
  }
  if (preview.tournament !== null) {
    const antes = [ante > 0 ? `ante ${ante}` : '', bigBlindAnte > 0 ? `big-blind ante ${bigBlindAnte}` : ''].filter(Boolean);
    const anteDe = [ante > 0 ? `Ante ${ante}` : '', bigBlindAnte > 0 ? `Big-Blind-Ante ${bigBlindAnte}` : ''].filter(Boolean);
    parts.en.push(`Level ${preview.tournament.level + 1}: blinds ${smallBlind}/${bigBlind}${antes.length > 0 ? `, ${antes.join(', ')}` : ''}`);
    parts.de.push(`Stufe ${preview.tournament.level + 1}: Blinds ${smallBlind}/${bigBlind}${anteDe.length > 0 ? `, ${anteDe.join(', ')}` : ''}`);
  }
  parts.en.push(`Button to seat ${plan.button}`);
  parts.de.push(`Button auf Platz ${plan.button}`);
  // What the croupier takes in before the cards, as the engine will post it (E13): antes, then the blinds
  // with the big-blind ante and the straddle. A tournament's level line names its antes already.
  if (ante > 0 && preview.tournament === null) {
    parts.en.push(`Antes: ${ante} from every player`);
    parts.de.push(`Ante: ${ante} von jedem Spieler`);
  }
  const bigBlindAnteEn = bigBlindAnte > 0 ? ` and big-blind ante ${bigBlindAnte}` : '';
  const bigBlindAnteDe = bigBlindAnte > 0 ? ` und Big-Blind-Ante ${bigBlindAnte}` : '';
  const blindsEn = [...(plan.smallBlindSeat === null ? [] : [`seat ${plan.smallBlindSeat} small blind ${smallBlind}`]), `seat ${plan.bigBlind} big blind ${bigBlind}${bigBlindAnteEn}`];
  const blindsDe = [...(plan.smallBlindSeat === null ? [] : [`Platz ${plan.smallBlindSeat} Small Blind ${smallBlind}`]), `Platz ${plan.bigBlind} Big Blind ${bigBlind}${bigBlindAnteDe}`];
  if (straddle > 0 && plan.dealtIn.length > 2) {
    const straddler = seatAfter(plan.dealtIn, plan.bigBlind);
    blindsEn.push(`seat ${straddler} straddle ${straddle}`);
    blindsDe.push(`Platz ${straddler} Straddle ${straddle}`);
  }
  for (const post of plan.extraPosts) {
    blindsEn.push(`seat ${post.seat} owes ${post.live + post.dead}`);
    blindsDe.push(`Platz ${post.seat} schuldet ${post.live + post.dead}`);
  }
  parts.en.push(`Post blinds: ${blindsEn.join(', ')}`);
  parts.de.push(`Blinds setzen: ${blindsDe.join(', ')}`);
  return {
    kind: 'start-hand',
    awards,
    collectTime,
    button: plan.button,
    smallBlind: plan.smallBlindSeat === null ? null : { seat: plan.smallBlindSeat, amount: smallBlind },
    bigBlind: { seat: plan.bigBlind, amount: bigBlind },
    owed: plan.extraPosts,
    words: { en: parts.en.join('. '), de: parts.de.join('. ') },
  };
}

/** The time a hand's start collects, one amount a seat (time due and the period's added up), in seat order. */
function timeBySeat(collection: readonly TableLogEntry[]): { seat: number; amount: number }[] {
  const bySeat: { seat: number; amount: number }[] = [];
  for (const entry of collection) {
    if (entry.type !== 'time-collected') continue;
    const known = bySeat.find((paid) => paid.seat === entry.seat);
    if (known === undefined) bySeat.push({ seat: entry.seat, amount: entry.amount });
    else known.amount += entry.amount;
  }
  return bySeat;
}

/**
 * A tournament's players out in the hand just played, with their places (the best place first): "Seat 3,
 * Ada, is out in 4th place". Their seats are empty now; the finished hand still has them.
 */
function outInLastHand(table: TableState): Words[] {
  const hand = table.hand;
  const eliminated = table.tournament?.eliminated ?? [];
  if (hand === null || hand.phase.kind !== 'complete' || eliminated.length === 0) return [];
  return eliminated
    .filter((player) => hand.players.some((dealt) => dealt.seat === player.seat && dealt.stack === 0))
    .sort((a, b) => a.place - b.place)
    .map(({ seat, name, place }) => ({ en: `Seat ${seat}, ${name}, is out in ${ordinal(place)} place`, de: `Platz ${seat}, ${name}, scheidet als ${place}. aus` }));
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
