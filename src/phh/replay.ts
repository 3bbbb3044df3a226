import type { Card } from '../cards/card.js';
import { formatCard, tryParseCard } from '../cards/notation.js';
import { apply, type Command, type ExtraPost, type StartHand, startHand } from '../engine/apply.js';
import { getLegalActions } from '../engine/betting.js';
import { type BettingStructure, type HandConfig, NO_LIMIT_5_10, type RakeRule, type UncapRule } from '../engine/config.js';
import { expectedCard } from '../engine/dealing.js';
import { RuleViolation, violation } from '../engine/rule-violation.js';
import type { HandState } from '../engine/state.js';
import { decimalPlaces, fromUnits, toUnits } from './amounts.js';
import type { TomlTable, TomlValue } from './toml.js';

export type ReplayResult = {
  /** Final stacks in PHH player order, as decimal text in the file's units. */
  readonly finishingStacks: readonly string[] | null;
  readonly pots: readonly { readonly amount: string; readonly winners: readonly string[] }[];
  /** Whether the replayed stacks equal the file's `finishing_stacks`; null when the file has none or the hand is unfinished. */
  readonly matchesRecorded: boolean | null;
  /** Why the replay stopped: the action and the rule. */
  readonly error: string | null;
};

/** A hand history that cannot be read at all (a missing field, an unsupported variant). */
export class PhhError extends Error {
  override readonly name = 'PhhError';
}

/**
 * Replays one PHH hand through the engine, action by action. PHH records no burns (they are dealt
 * face down here), may hide cards as `??`, lets a bare `pN sm` muck, writes the shows of an all-in
 * before the rest of the board, and writes amounts as decimals: all accepted, amounts converted
 * exactly to integer chip units. An illegal action stops the replay with the action and the rule.
 */
export function replayPhh(hand: TomlTable, observe?: (state: HandState) => void): ReplayResult {
  const variant = text(hand, 'variant');
  if (variant !== 'NT' && variant !== 'FT') throw new PhhError(`variant '${variant}' is not Texas hold'em (NT or FT)`);
  const amountFields = ['antes', 'blinds_or_straddles', 'starting_stacks', 'finishing_stacks', 'min_bet', 'small_bet', 'big_bet'];
  const literals: string[] = [];
  for (const field of amountFields) collectNumbers(hand[field], literals);
  const actions = withoutStaleShows(
    list(hand, 'actions').map((action) => {
      if (typeof action !== 'string') throw new PhhError('actions must be strings');
      return action.replace(/#.*$/, '').trim();
    }),
  );
  for (const action of actions) {
    const amount = /\bcbr\s+(\S+)/.exec(action)?.[1];
    if (amount !== undefined) literals.push(amount);
  }
  const scale = Math.max(0, ...literals.map(decimalPlaces));
  const units = (value: TomlValue | undefined, what: string): number => {
    if (value === undefined || typeof value !== 'object' || !('number' in value)) throw new PhhError(`${what} must be a number`);
    try {
      return toUnits(value.number, scale);
    } catch (error) {
      throw new PhhError(`${what}: ${(error as Error).message}`);
    }
  };
  const stacks = list(hand, 'starting_stacks').map((value, index) => units(value, `starting_stacks[${index}]`));
  const count = stacks.length;
  const antes = list(hand, 'antes').map((value, index) => units(value, `antes[${index}]`));
  const blinds = list(hand, 'blinds_or_straddles').map((value, index) => units(value, `blinds_or_straddles[${index}]`));
  if (antes.length !== count || blinds.length !== count) throw new PhhError('antes and blinds_or_straddles need one entry per player');
  const seats = hand.seats === undefined ? stacks.map((_, index) => index + 1) : list(hand, 'seats').map((value, index) => seatNumber(value, index));
  const placed = tableBlindsOf(hand, seats[count - 1] as number, scale);
  if (placed.amounts === null && blinds.some((blind, index) => index > 2 && blind > 0)) throw new PhhError('only one straddle (p3) is supported');

  const bigBlindOnly = count > 2 && (blinds[0] ?? 0) > 0 && blinds[1] === 0 && hand._blinds === undefined;
  // Antes: the same for everyone, plus the big blind's ante at index 1 (heads-up the list reads reversed,
  // which puts index 1 on p1, the big blind, again).
  const uniformAnte = antes[0] ?? 0;
  const bigBlindAnte = (antes[1] ?? 0) - uniformAnte;
  if (placed.amounts === null && (bigBlindAnte < 0 || antes.some((ante, index) => index !== 1 && ante !== uniformAnte))) {
    throw new PhhError('only antes the same for every player, plus a big-blind ante, are supported');
  }
  const config: HandConfig = {
    ...NO_LIMIT_5_10,
    structure: structureOf(hand, variant, units),
    // Only p1 posting is a big blind with no small blind (an empty small-blind seat under the dead button).
    smallBlind: bigBlindOnly ? 0 : (blinds[0] ?? 0),
    bigBlind: bigBlindOnly ? (blinds[0] ?? 0) : (blinds[1] ?? 0),
    straddle: count > 2 ? (blinds[2] ?? 0) : 0,
    ante: uniformAnte,
    bigBlindAnte,
    // Felt's own record of a table's blinds says the amounts; the lists then say what each player posted.
    ...(placed.amounts ?? {}),
    chipUnit: 1,
    rake: rakeOf(hand, scale),
  };
  // Rule messages speak in chip units; say which when the file's amounts are decimals.
  const unitNote = scale === 0 ? '' : ` (amounts in units of ${fromUnits(1, scale)})`;

  const name = (index: number): string => `p${index + 1}`;
  const players = stacks.map((stack, index) => ({ seat: seats[index] as number, stack }));
  let state: HandState;
  try {
    const start = bigBlindOnly ? { buttonSeat: seats[count - 1] as number, blinds: { smallBlindSeat: null, bigBlindSeat: seats[0] as number } } : placed.start;
    state = startHand({ config, players, ...start }).state;
  } catch (error) {
    if (error instanceof RuleViolation) throw new PhhError(`the hand cannot start: ${error.message}`);
    throw error;
  }
  const indexOfSeat = new Map(seats.map((seat, index) => [seat, index]));
  const holeCards = new Map<number, (Card | null)[]>();
  const pendingShows = new Map<number, { cards: string; action: string }>();
  // Each known card dealt, with the action that dealt it: a card dealt twice is the file's fault, named
  // as such (the engine's refusal speaks to a croupier and names no card).
  const dealtIn = new Map<Card, string>();
  const dealtOnce = (cards: readonly (Card | null)[], action: string): void => {
    for (const card of cards) {
      if (card === null) continue;
      const first = dealtIn.get(card);
      if (first !== undefined) throw new PhhError(`'${action}': ${formatCard(card)} is dealt twice${first === action ? '' : ` (also in '${first}')`}: a deck has one of each`);
      dealtIn.set(card, action);
    }
  };

  const run = (command: Command): void => {
    state = apply(state, command).state;
    observe?.(state);
  };
  /** Feeds face-down burns, and dealt hole cards once all are known, whenever the engine waits for them. */
  const dealPending = (): void => {
    for (;;) {
      const target = expectedCard(state);
      if (target === 'burn') run({ type: 'deal', card: null });
      else if (target !== null && target !== 'board') {
        const index = indexOfSeat.get(target.seat) as number;
        const cards = holeCards.get(index);
        if (cards === undefined) return;
        const dealtSoFar = state.players[state.players.findIndex((player) => player.seat === target.seat)]?.holeCards.length ?? 0;
        run({ type: 'deal', card: cards[dealtSoFar] ?? null });
      } else return;
    }
  };
  const showPending = (): void => {
    while (state.phase.kind === 'showdown' && state.actor >= 0) {
      const seat = state.players[state.actor]?.seat as number;
      const index = indexOfSeat.get(seat) as number;
      const show = pendingShows.get(index);
      if (show === undefined) return;
      pendingShows.delete(index);
      const command = showCommand(show.cards, holeCards.get(index), seat);
      try {
        run(command);
      } catch (error) {
        // An online history may write `sm ????` for cards shown but not recorded: fine as a concession
        // when mucking is allowed, but a hand that must be tabled cannot be settled without them.
        if (error instanceof RuleViolation && command.type === 'muck' && show.cards !== '') {
          throw new PhhError(`'${show.action}': the history does not record the cards shown, and this hand cannot be settled without them (${error.message})`);
        }
        throw error;
      }
    }
  };

  try {
    for (const action of actions) {
      if (action === '') continue;
      const words = action.split(/\s+/);
      if (words[0] === 'd' && words[1] === 'dh') {
        const index = playerIndex(words[2], count);
        const cards = parseCards(words[3] ?? '');
        dealtOnce(cards, action);
        holeCards.set(index, cards);
        if (holeCards.size === count) dealPending();
        continue;
      }
      dealPending();
      try {
        if (words[0] === 'd' && words[1] === 'db') {
          const cards = parseCards(words[2] ?? '');
          dealtOnce(cards, action);
          const due = boardCardsDue(state);
          if (due === 0) throw new PhhError(`'${action}': the board has its five cards already`);
          if (cards.length > due) throw new PhhError(`'${action}': ${cards.length} board cards in one action, where ${due} ${due === 1 ? 'is' : 'are'} due (the flop is three cards, the turn and the river one each; the rest of the board at once only when all-ins have closed the betting)`);
          for (const card of cards) {
            dealPending();
            if (card === null) throw new PhhError(`'${action}': board cards must be known`);
            run({ type: 'deal', card });
          }
          dealPending();
          showPending();
          continue;
        }
        const index = playerIndex(words[0], count);
        const seat = seats[index] as number;
        const verb = words[1];
        if (verb === 'sm') {
          pendingShows.set(index, { cards: words[2] ?? '', action });
        } else if (verb === 'f') run({ type: 'fold', seat });
        else if (verb === 'cc') run({ type: getLegalActions(state)?.check === true ? 'check' : 'call', seat });
        else if (verb === 'cbr') run({ type: 'bet', seat, to: units({ number: words[2] ?? '' }, `'${action}'`) });
        else throw new PhhError(`'${action}' is not a Texas hold'em action`);
        showPending();
      } catch (error) {
        if (error instanceof RuleViolation) throw new PhhError(`'${action}': ${error.message}${unitNote}`);
        throw error;
      }
    }
    dealPending();
    showPending();
  } catch (error) {
    if (error instanceof PhhError || error instanceof RuleViolation) return result(state, hand, scale, indexOfSeat, name, error.message);
    throw error;
  }
  return result(state, hand, scale, indexOfSeat, name, null);
}

/**
 * Drops a show of unknown cards (`pN sm ????`) that the same player's show of real cards follows: some
 * histories write a placeholder at each all-in street and the cards at the end.
 */
function withoutStaleShows(actions: readonly string[]): string[] {
  return actions.filter((action, index) => {
    const words = action.split(/\s+/);
    if (words[1] !== 'sm' || !/^(\?\?)+$/.test(words[2] ?? '')) return true;
    return !actions.slice(index + 1).some((later) => {
      const next = later.split(/\s+/);
      return next[0] === words[0] && next[1] === 'sm' && next[2] !== undefined && !next[2].includes('?');
    });
  });
}

function showCommand(cards: string, dealt: readonly (Card | null)[] | undefined, seat: number): Command {
  if (cards === '') return { type: 'muck' };
  if (cards === '-') return { type: 'show' };
  const shown = parseCards(cards);
  // A show of unknown cards is a hand not tabled.
  if (shown.some((card) => card === null)) {
    return shown.every((card) => card === null) && dealt?.every((card) => card !== null) === true ? { type: 'show' } : { type: 'muck' };
  }
  // Cards the history dealt are tabled as dealt: the engine is told only the cards it did not know (it
  // takes no others, D39), and a show without one it knows is the history's own contradiction.
  if (shown.length !== 2 || shown[0] === shown[1]) throw violation('cards-needed', 'A hand shows two different cards', 'Eine Hand zeigt zwei verschiedene Karten');
  const known = (dealt ?? []).filter((card): card is Card => card !== null);
  if (!known.every((card) => shown.includes(card))) throw violation('shown-cards-differ', `Seat ${seat} was dealt other cards`, `Platz ${seat} hat andere Karten bekommen`);
  const named = (shown as Card[]).filter((card) => !known.includes(card));
  return named.length === 0 ? { type: 'show' } : { type: 'show', cards: named };
}

function result(
  state: HandState,
  hand: TomlTable,
  scale: number,
  indexOfSeat: ReadonlyMap<number, number>,
  name: (index: number) => string,
  error: string | null,
): ReplayResult {
  const complete = state.phase.kind === 'complete';
  const ordered = [...state.players].sort((a, b) => (indexOfSeat.get(a.seat) as number) - (indexOfSeat.get(b.seat) as number));
  const finishingStacks = complete ? ordered.map((player) => fromUnits(player.stack, scale)) : null;
  const potAmounts = new Map<number, number>();
  const winners = new Map<number, string[]>();
  for (const award of state.awards) {
    potAmounts.set(award.potIndex, (potAmounts.get(award.potIndex) ?? 0) + award.amount);
    winners.set(award.potIndex, [...(winners.get(award.potIndex) ?? []), name(indexOfSeat.get(award.seat) as number)]);
  }
  const pots = [...potAmounts.entries()].sort((a, b) => a[0] - b[0]).map(([index, amount]) => ({ amount: fromUnits(amount, scale), winners: winners.get(index) ?? [] }));
  let matchesRecorded: boolean | null = null;
  const recorded = hand.finishing_stacks;
  if (complete && error === null && Array.isArray(recorded)) {
    matchesRecorded = recorded.length === ordered.length && recorded.every((value, index) => typeof value === 'object' && value !== null && 'number' in value && safeUnits(value.number, scale) === ordered[index]?.stack);
  }
  return { finishingStacks, pots, matchesRecorded, error };
}

function safeUnits(literal: string, scale: number): number | null {
  try {
    return toUnits(literal, scale);
  } catch {
    return null;
  }
}

function structureOf(hand: TomlTable, variant: 'NT' | 'FT', units: (value: TomlValue | undefined, what: string) => number): BettingStructure {
  if (variant === 'FT') {
    const cap = hand._max_bets_per_round;
    const uncapped = hand._uncapped;
    return {
      kind: 'fixed-limit',
      smallBet: units(hand.small_bet, 'small_bet'),
      bigBet: units(hand.big_bet, 'big_bet'),
      maxBetsPerRound: cap !== undefined && typeof cap === 'object' && 'number' in cap ? Number(cap.number) : 4,
      uncapped: typeof uncapped === 'string' ? (uncapped as UncapRule) : 'two-players-left',
    };
  }
  const custom = hand._betting_structure;
  if (typeof custom === 'string') return parseJsonField(custom, '_betting_structure') as BettingStructure;
  return { kind: 'no-limit' };
}

/**
 * Felt's own `_blinds` / `_extra_posts` (a table's dead button, dead small blind or owed blinds, with the
 * blind amounts; amounts in the file's units) with `_button_seat`; without them, the blinds PHH's way: the
 * button is the last player.
 */
function tableBlindsOf(
  hand: TomlTable,
  lastSeat: number,
  scale: number,
): { start: Pick<StartHand, 'buttonSeat' | 'blinds' | 'extraPosts'>; amounts: Pick<HandConfig, 'smallBlind' | 'bigBlind' | 'ante' | 'bigBlindAnte' | 'straddle'> | null } {
  if (typeof hand._blinds !== 'string') return { start: { buttonSeat: lastSeat }, amounts: null };
  const blinds = parseJsonField(hand._blinds, '_blinds') as { smallBlindSeat: number | null; bigBlindSeat: number; smallBlind?: number; bigBlind?: number; ante?: number; bigBlindAnte?: number; straddle?: number };
  const posts = typeof hand._extra_posts === 'string' ? (parseJsonField(hand._extra_posts, '_extra_posts') as ExtraPost[]) : [];
  const button = hand._button_seat;
  const units = (value: number | undefined): number => toUnits(String(value ?? 0), scale);
  return {
    start: {
      buttonSeat: typeof button === 'object' && button !== null && 'number' in button ? Number(button.number) : lastSeat,
      blinds: { smallBlindSeat: blinds.smallBlindSeat, bigBlindSeat: blinds.bigBlindSeat },
      extraPosts: posts.map(({ seat, live, dead }) => ({ seat, live: units(live), dead: units(dead) })),
    },
    amounts:
      blinds.bigBlind === undefined
        ? null
        : { smallBlind: units(blinds.smallBlind), bigBlind: units(blinds.bigBlind), ante: units(blinds.ante), bigBlindAnte: units(blinds.bigBlindAnte), straddle: units(blinds.straddle) },
  };
}

/** Felt's own rake rule (`_rake`, JSON, amounts in the file's units), or none. */
function rakeOf(hand: TomlTable, scale: number): RakeRule | null {
  const text = hand._rake;
  if (typeof text !== 'string') return null;
  const rule = parseJsonField(text, '_rake') as { basisPoints: number; cap: number; noFlopNoDrop: boolean };
  return { basisPoints: rule.basisPoints, cap: toUnits(String(rule.cap), scale), noFlopNoDrop: rule.noFlopNoDrop };
}

function parseJsonField(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PhhError(`the field '${field}' is not valid JSON`);
  }
}

function seatNumber(value: TomlValue, index: number): number {
  const seat = typeof value === 'object' && value !== null && 'number' in value ? Number(value.number) : Number.NaN;
  if (!Number.isSafeInteger(seat) || seat < 1) throw new PhhError(`seats[${index}] is not a seat number`);
  return seat;
}

/**
 * Board cards one `d db` may deal now: the rest of the street's (the flop's three, the turn's or river's
 * one) while betting follows it; once all-ins have closed the betting, the rest of the board at once.
 */
function boardCardsDue(state: HandState): number {
  const onBoard = state.board.length;
  if (state.activeCount < 2) return 5 - onBoard;
  return onBoard < 3 ? 3 - onBoard : onBoard < 5 ? 1 : 0;
}

function parseCards(text: string): (Card | null)[] {
  if (text.length % 2 !== 0) throw new PhhError(`'${text}' is not a list of cards`);
  const cards: (Card | null)[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const token = text.slice(i, i + 2);
    if (token === '??') {
      cards.push(null);
      continue;
    }
    const card = tryParseCard(token);
    if (card === undefined) throw new PhhError(`'${token}' is not a card`);
    cards.push(card);
  }
  return cards;
}

function playerIndex(word: string | undefined, count: number): number {
  const match = /^p(\d+)$/.exec(word ?? '');
  const index = match === null ? -1 : Number(match[1]) - 1;
  if (index < 0 || index >= count) throw new PhhError(`'${String(word)}' is not a player of this hand (p1–p${count})`);
  return index;
}

function text(hand: TomlTable, field: string): string {
  const value = hand[field];
  if (typeof value !== 'string') throw new PhhError(`the field '${field}' is missing or not a string`);
  return value;
}

function list(hand: TomlTable, field: string): readonly TomlValue[] {
  const value = hand[field];
  if (!Array.isArray(value)) throw new PhhError(`the field '${field}' is missing or not an array`);
  return value as readonly TomlValue[];
}

function collectNumbers(value: TomlValue | undefined, into: string[]): void {
  if (value === undefined) return;
  if (Array.isArray(value)) for (const item of value as readonly TomlValue[]) collectNumbers(item, into);
  else if (typeof value === 'object' && 'number' in value) into.push(value.number);
}
