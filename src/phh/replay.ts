import type { Card } from '../cards/card.js';
import { formatCard, tryParseCard } from '../cards/notation.js';
import { apply, type Command, MAX_PLAYERS, MIN_PLAYERS, type StartHand, startHand } from '../engine/apply.js';
import { getLegalActions } from '../engine/betting.js';
import { type BettingStructure, type HandConfig, NO_LIMIT_5_10 } from '../engine/config.js';
import { expectedCard } from '../engine/dealing.js';
import { RuleViolation, violation } from '../engine/rule-violation.js';
import type { HandState } from '../engine/state.js';
import { decimalPlaces, fromUnits, toUnits } from './amounts.js';
import { feltBettingStructure, feltBlinds, feltExtraPosts, feltRake, feltUncapped, feltWholeNumber, fieldUnits, wholeNumber } from './felt-fields.js';
import { PhhError } from './phh-error.js';
import type { TomlTable, TomlValue } from './toml.js';

export { PhhError } from './phh-error.js';

export type ReplayResult = {
  /** Final stacks in PHH player order, as decimal text in the file's units; `inf` for a stack the history did not know. */
  readonly finishingStacks: readonly string[] | null;
  readonly pots: readonly { readonly amount: string; readonly winners: readonly string[] }[];
  /** Whether the replayed stacks equal the file's `finishing_stacks`; null when the file has none or the hand is unfinished. */
  readonly matchesRecorded: boolean | null;
  /** Why the replay stopped: the action and the rule. */
  readonly error: string | null;
};

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
  const cbrLiterals = actions.flatMap((action) => {
    const amount = /\bcbr\s+(\S+)/.exec(action)?.[1];
    return amount === undefined ? [] : [amount];
  });
  literals.push(...cbrLiterals);
  const scale = Math.max(0, ...literals.map(decimalPlaces));
  const units = (value: TomlValue | undefined, what: string): number => {
    if (value === undefined || typeof value !== 'object' || !('number' in value)) throw new PhhError(`${what} must be a number`);
    try {
      return toUnits(value.number, scale);
    } catch (error) {
      throw new PhhError(`${what}: ${(error as Error).message}`);
    }
  };
  const startingStacks = list(hand, 'starting_stacks');
  const count = startingStacks.length;
  if (count < MIN_PLAYERS || count > MAX_PLAYERS) throw new PhhError(`starting_stacks has ${count} ${count === 1 ? 'player' : 'players'}: a hand has ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  const antes = list(hand, 'antes').map((value, index) => units(value, `antes[${index}]`));
  const blinds = list(hand, 'blinds_or_straddles').map((value, index) => units(value, `blinds_or_straddles[${index}]`));
  if (antes.length !== count || blinds.length !== count) throw new PhhError(`antes and blinds_or_straddles need one entry per player (${count})`);
  const cbrAmounts = cbrLiterals.map((amount) => safeUnits(amount, scale) ?? 0);
  // PHH writes `inf` for a stack the history does not know: such a player never runs out of chips here.
  const unknownStacks = new Set(startingStacks.flatMap((value, index) => (isInfinite(value) ? [index] : [])));
  const finite = startingStacks.map((value, index) => (unknownStacks.has(index) ? 0 : units(value, `starting_stacks[${index}]`)));
  const cover = unknownStacks.size === 0 ? 0 : coveringStack(finite, [...antes, ...blinds, ...cbrAmounts]);
  if (!Number.isSafeInteger(cover)) throw new PhhError('the amounts are too large to stand in for an unknown (inf) stack');
  const stacks = finite.map((stack, index) => (unknownStacks.has(index) ? cover : stack));
  const seats = hand.seats === undefined ? stacks.map((_, index) => index + 1) : list(hand, 'seats').map((value, index) => wholeNumber(value, `seats[${index}]`, 1));
  if (seats.length !== count) throw new PhhError(`seats has ${seats.length} entries for ${count} players`);
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
  // An ante is the player's stake in Felt (PHH's `ante_trimming_status = true`); PHH's default puts every ante
  // in the main pot. The two differ only where a stack is short of the ante: then say so. Felt's own files
  // (with `_button_seat`) written before they said it meant Felt's way.
  const antesAsStake = hand.ante_trimming_status === true || (hand.ante_trimming_status === undefined && hand._button_seat !== undefined);
  if (!antesAsStake && uniformAnte > 0) {
    const short = stacks.findIndex((stack) => stack < uniformAnte);
    if (short >= 0) {
      throw new PhhError(`p${short + 1}'s stack is short of the ante, and the file puts every ante in the main pot (ante_trimming_status is not true, PHH's default): in Felt an ante is the player's stake, so the pots would not be as they were played`);
    }
  }
  const config: HandConfig = {
    ...NO_LIMIT_5_10,
    structure: structureOf(hand, variant, units, scale),
    // Only p1 posting is a big blind with no small blind (an empty small-blind seat under the dead button).
    smallBlind: bigBlindOnly ? 0 : (blinds[0] ?? 0),
    bigBlind: bigBlindOnly ? (blinds[0] ?? 0) : (blinds[1] ?? 0),
    straddle: count > 2 ? (blinds[2] ?? 0) : 0,
    ante: uniformAnte,
    bigBlindAnte,
    // Felt's own record of a table's blinds says the amounts; the lists then say what each player posted.
    ...(placed.amounts ?? {}),
    chipUnit: 1,
    rake: feltRake(hand._rake, scale),
  };
  if (config.bigBlind === 0) throw new PhhError('the hand has no big blind: Felt plays hold\'em with blinds, not antes alone');
  // No limit and pot limit: the least bet is the big blind in Felt; a file that says otherwise was played
  // under a rule Felt does not have.
  const minBet = hand.min_bet === undefined || variant === 'FT' ? null : units(hand.min_bet, 'min_bet');
  if (minBet !== null && minBet !== config.bigBlind) {
    throw new PhhError(`min_bet ${fromUnits(minBet, scale)} is not the big blind ${fromUnits(config.bigBlind, scale)}: Felt's least bet is the big blind`);
  }
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

  const everyoneDealt = (): boolean => holeCards.size === count && [...holeCards.values()].every((cards) => cards.length === 2);
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
      // A show written before the rest of the board is checked when its turn comes: its faults are its own.
      let command: Command | null = null;
      try {
        command = showCommand(show.cards, holeCards.get(index), seat, show.action);
        // A card the history named elsewhere, shown here in place of one dealt unread: the file's fault, named.
        if (command.type === 'show' && command.cards !== undefined) dealtOnce(command.cards, show.action);
        run(command);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        // A hand not recorded is fine as a concession where mucking is allowed; a hand that must be tabled
        // cannot be settled without its cards.
        if (command?.type === 'muck' && show.cards !== '') {
          throw new PhhError(`'${show.action}': the history does not record the cards shown, and this hand cannot be settled without them (${error.message})`);
        }
        throw new PhhError(`'${show.action}': ${error.message}`);
      }
    }
  };

  try {
    for (const action of actions) {
      if (action === '') continue;
      const words = action.split(/\s+/);
      if (words[0] === 'd' && words[1] === 'dh') {
        const index = playerIndex(words[2], count);
        const cards = parseCards(words[3] ?? '', action);
        // Two hole cards a player, at once or one at a time (PHH allows either).
        const held = [...(holeCards.get(index) ?? []), ...cards];
        if (cards.length === 0 || held.length > 2) throw new PhhError(`'${action}': a player is dealt two hole cards, and this makes ${held.length} for ${name(index)}`);
        dealtOnce(cards, action);
        holeCards.set(index, held);
        if (everyoneDealt()) dealPending();
        continue;
      }
      if (!everyoneDealt()) {
        const missing = stacks.flatMap((_, index) => ((holeCards.get(index)?.length ?? 0) === 2 ? [] : [name(index)]));
        throw new PhhError(`'${action}': comes before every player is dealt two hole cards (not yet: ${missing.join(', ')})`);
      }
      dealPending();
      try {
        if (words[0] === 'd' && words[1] === 'db') {
          const cards = parseCards(words[2] ?? '', action);
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
        // The unit note only where the action names or moves an amount; the seat note where the rule's
        // words name a seat the file calls by another name.
        const note = /^p\d+ (cbr|cc)\b/.test(action) ? unitNote : '';
        const player = /^p(\d+)\b/.exec(action)?.[1];
        const seat = player === undefined ? undefined : seats[Number(player) - 1];
        const seatNote = seat === undefined || seat === Number(player) ? '' : ` (p${player} is seat ${seat})`;
        if (error instanceof RuleViolation) throw new PhhError(`'${action}': ${error.message}${seatNote}${note}`);
        throw error;
      }
    }
    dealPending();
    showPending();
  } catch (error) {
    if (error instanceof PhhError || error instanceof RuleViolation) return result(state, hand, scale, indexOfSeat, name, unknownStacks, error.message);
    throw error;
  }
  return result(state, hand, scale, indexOfSeat, name, unknownStacks, null);
}

/**
 * Drops a show of unknown cards (`pN sm ????`) that the same player's show of real cards follows: some
 * histories write a placeholder at each all-in street and the cards at the end.
 */
function withoutStaleShows(actions: readonly string[]): string[] {
  // From the last action back, so that each show asks only whether its player shows real cards later.
  const showsLater = new Set<string>();
  const kept: string[] = [];
  for (let index = actions.length - 1; index >= 0; index--) {
    const action = actions[index] as string;
    const words = action.split(/\s+/);
    if (words[1] === 'sm' && words[0] !== undefined) {
      const cards = words[2];
      if (cards !== undefined && /^(\?\?)+$/.test(cards)) {
        if (showsLater.has(words[0])) continue;
      } else if (cards !== undefined && !cards.includes('?')) showsLater.add(words[0]);
    }
    kept.push(action);
  }
  return kept.reverse();
}

function showCommand(cards: string, dealt: readonly (Card | null)[] | undefined, seat: number, action: string): Command {
  if (cards === '') return { type: 'muck' };
  if (cards === '-') return { type: 'show' };
  const shown = parseCards(cards, action);
  // A show of cards the history did not record (PHH: shown, unknown to the recorder): the cards dealt, when
  // the history has them; otherwise a hand not tabled.
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
  unknownStacks: ReadonlySet<number>,
  error: string | null,
): ReplayResult {
  const complete = state.phase.kind === 'complete';
  const ordered = [...state.players].sort((a, b) => (indexOfSeat.get(a.seat) as number) - (indexOfSeat.get(b.seat) as number));
  // A stack the history did not know stays unknown at the end (`inf`), whatever it won or lost.
  const finishingStacks = complete ? ordered.map((player, index) => (unknownStacks.has(index) ? 'inf' : fromUnits(player.stack, scale))) : null;
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
    matchesRecorded =
      recorded.length === ordered.length &&
      recorded.every((value, index) => {
        if (unknownStacks.has(index)) return isInfinite(value);
        return typeof value === 'object' && value !== null && 'number' in value && safeUnits(value.number, scale) === ordered[index]?.stack;
      });
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

/**
 * Without Felt's fields, a fixed-limit file gets the most permissive reading (D15): pokerkit allows four
 * bets and raises a round besides the big blind, which Felt counts as the first, so five; lifted heads-up.
 */
const FOREIGN_FIXED_LIMIT_CAP = 5;

function structureOf(hand: TomlTable, variant: 'NT' | 'FT', units: (value: TomlValue | undefined, what: string) => number, scale: number): BettingStructure {
  if (variant === 'FT') {
    return {
      kind: 'fixed-limit',
      smallBet: units(hand.small_bet, 'small_bet'),
      bigBet: units(hand.big_bet, 'big_bet'),
      maxBetsPerRound: feltWholeNumber(hand._max_bets_per_round, '_max_bets_per_round', 1) ?? FOREIGN_FIXED_LIMIT_CAP,
      uncapped: feltUncapped(hand._uncapped) ?? 'two-players-left',
    };
  }
  return feltBettingStructure(hand._betting_structure, scale) ?? { kind: 'no-limit' };
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
  const blinds = feltBlinds(hand._blinds);
  if (blinds === undefined) return { start: { buttonSeat: lastSeat }, amounts: null };
  const units = (value: number | undefined, name: string): number => fieldUnits(value, name, scale);
  return {
    start: {
      buttonSeat: feltWholeNumber(hand._button_seat, '_button_seat', 1) ?? lastSeat,
      blinds: { smallBlindSeat: blinds.smallBlindSeat, bigBlindSeat: blinds.bigBlindSeat },
      extraPosts: feltExtraPosts(hand._extra_posts).map(({ seat, live, dead }) => ({ seat, live: units(live, '_extra_posts live'), dead: units(dead, '_extra_posts dead') })),
    },
    amounts:
      blinds.bigBlind === undefined
        ? null
        : {
            smallBlind: units(blinds.smallBlind, '_blinds smallBlind'),
            bigBlind: units(blinds.bigBlind, '_blinds bigBlind'),
            ante: units(blinds.ante, '_blinds ante'),
            bigBlindAnte: units(blinds.bigBlindAnte, '_blinds bigBlindAnte'),
            straddle: units(blinds.straddle, '_blinds straddle'),
          },
  };
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

function parseCards(text: string, action: string): (Card | null)[] {
  if (text.length % 2 !== 0) throw new PhhError(`'${action}': '${text}' is not a list of cards`);
  const cards: (Card | null)[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const token = text.slice(i, i + 2);
    if (token === '??') {
      cards.push(null);
      continue;
    }
    const card = tryParseCard(token);
    if (card === undefined) throw new PhhError(`'${action}': '${token}' is not a card`);
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

/** The numbers in a value, however its arrays nest: a walk with a list of its own, never recursion (D53). */
function collectNumbers(value: TomlValue | undefined, into: string[]): void {
  const pending: (TomlValue | undefined)[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) continue;
    if (Array.isArray(next)) for (let index = next.length - 1; index >= 0; index--) pending.push((next as readonly TomlValue[])[index]);
    else if (typeof next === 'object' && 'number' in next) into.push(next.number);
  }
}

/** PHH's `inf`: a stack the history does not know. */
function isInfinite(value: TomlValue | undefined): boolean {
  return typeof value === 'object' && value !== null && 'number' in value && /^\+?inf$/.test(value.number);
}

/**
 * A stack that stands in for an unknown one: more than every known stack and every amount the history
 * names together, so the player it stands for can cover any bet in the hand and is never all-in.
 */
function coveringStack(known: readonly number[], amounts: readonly number[]): number {
  return [...known, ...amounts].reduce((sum, amount) => sum + amount, 1);
}
