import type { Card } from '../cards/card.js';
import { formatCard, tryParseCard } from '../cards/notation.js';
import { apply, type Command, MAX_PLAYERS, MIN_PLAYERS, type StartHand, startHand } from '../engine/hand/apply.js';
import { getLegalActions } from '../engine/hand/betting.js';
import { type BettingStructure, type HandConfig, NO_LIMIT_5_10 } from '../engine/hand/config.js';
import { expectedCard } from '../engine/hand/dealing.js';
import { RuleViolation, violation } from '../engine/rule-violation.js';
import { reduce } from '../engine/hand/reduce.js';
import { allHandsTabled } from '../engine/hand/showdown.js';
import type { HandState, Pot } from '../engine/hand/state.js';
import { InvariantError } from '../invariant-error.js';
import { decimalPlaces, fromUnits, toUnits } from './amounts.js';
import { feltBettingStructure, feltBlinds, feltExtraPosts, feltRake, feltUncapped, feltWholeNumber, fieldUnits, wholeNumber } from './felt-fields.js';
import { PhhError } from './phh-error.js';
import type { TomlTable, TomlValue } from './toml.js';

export { PhhError } from './phh-error.js';

export type ReplayResult = {
  /** Final stacks in PHH player order, as decimal text in the file's units; `inf` for a stack the history did not know. */
  readonly finishingStacks: readonly string[] | null;
  readonly pots: readonly { readonly amount: string; readonly winners: readonly string[] }[];
  /**
   * Whether the replay reaches what the file records (`finishing_stacks`, `winnings`: D55); null when it
   * records neither, or the replay stopped. An unfinished hand matches a record of the stacks where it ends.
   */
  readonly matchesRecorded: boolean | null;
  /** The rake the recorded winnings show taken from the pots (decimal text), when that is their difference. */
  readonly rake: string | null;
  /** Where a record that simply ends leaves the hand ("p3 to act on the turn"), null for a hand played out. */
  readonly unfinished: string | null;
  /** Felt's own rules the recorded hand did not follow, replayed as its house played it (D55). */
  readonly notes: readonly string[];
  /** Why the replay stopped: the action and the rule. */
  readonly error: string | null;
};

/**
 * Replays one PHH hand through the engine, action by action. PHH records no burns (they are dealt
 * face down here), may hide cards as `??`, lets a bare `pN sm` muck, writes the shows of an all-in
 * before the rest of the board, writes a newcomer's posted bet as a negative blind, and writes amounts as
 * decimals: all accepted, amounts converted exactly to integer chip units. A showdown its house played
 * otherwise than Felt's rules (a muck where Felt tables the hand) is replayed as recorded, with a note
 * (D55). An illegal action stops the replay with the action and the rule; a record that simply ends says
 * where.
 */
export function replayPhh(hand: TomlTable, observe?: (state: HandState) => void): ReplayResult {
  const variant = text(hand, 'variant');
  if (variant !== 'NT' && variant !== 'FT') throw new PhhError(`variant '${variant}' is not Texas hold'em (NT or FT)`);
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
  const scale = unitScale(hand, cbrLiterals);
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
  // A negative entry is a posted bet (PHH): a newcomer posting to come in, not a blind by position.
  const signedBlinds = list(hand, 'blinds_or_straddles').map((value, index) => {
    const what = `blinds_or_straddles[${index}]`;
    if (typeof value === 'object' && value !== null && 'number' in value && value.number.startsWith('-')) return -units({ number: value.number.slice(1) }, what);
    return units(value, what);
  });
  const blinds = signedBlinds.map((blind) => Math.max(0, blind));
  if (antes.length !== count || blinds.length !== count) throw new PhhError(`antes and blinds_or_straddles need one entry per player (${count})`);
  const cbrAmounts = cbrLiterals.map((amount) => safeUnits(amount, scale) ?? 0);
  // PHH writes `inf` for a stack the history does not know: such a player never runs out of chips here.
  const unknownStacks = new Set(startingStacks.flatMap((value, index) => (isInfinite(value) ? [index] : [])));
  const finite = startingStacks.map((value, index) => (unknownStacks.has(index) ? 0 : units(value, `starting_stacks[${index}]`)));
  const cover = unknownStacks.size === 0 ? 0 : coveringStack(finite, [...antes, ...blinds, ...signedBlinds.map((blind) => -Math.min(0, blind)), ...cbrAmounts]);
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
  // Posted bets written as negative blinds, in a file without Felt's own record of them (`_extra_posts`).
  const posts = placed.amounts === null ? postsOf(signedBlinds, seats, config.bigBlind) : [];
  // No limit and pot limit: the least bet is the big blind in Felt; a file that says otherwise was played
  // under a rule Felt does not have.
  const minBet = hand.min_bet === undefined || variant === 'FT' ? null : units(hand.min_bet, 'min_bet');
  if (minBet !== null && minBet !== config.bigBlind) {
    throw new PhhError(`min_bet ${fromUnits(minBet, scale)} is not the big blind ${fromUnits(config.bigBlind, scale)}: Felt's least bet is the big blind`);
  }

  const name = (index: number): string => `p${index + 1}`;
  const players = stacks.map((stack, index) => ({ seat: seats[index] as number, stack }));
  let state: HandState;
  try {
    const start = bigBlindOnly ? { buttonSeat: seats[count - 1] as number, blinds: { smallBlindSeat: null, bigBlindSeat: seats[0] as number } } : placed.start;
    state = startHand({ config, players, ...start, ...(posts.length === 0 ? {} : { extraPosts: posts }) }).state;
  } catch (error) {
    if (error instanceof RuleViolation) throw new PhhError(`the hand cannot start: ${error.message}`);
    throw error;
  }
  const indexOfSeat = new Map(seats.map((seat, index) => [seat, index]));
  const holeCards = new Map<number, (Card | null)[]>();
  const pendingShows = new Map<number, { cards: string; action: string }>();
  const notes: string[] = [];
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
  /** Uncalled bets given back, by seat: a room may count the part of a blind it gives back as won (D55). */
  const returned = new Map<number, number>();
  const run = (command: Command): void => {
    const transition = apply(state, command);
    for (const operation of transition.operations) if (operation.type === 'return-uncalled') returned.set(operation.seat, (returned.get(operation.seat) ?? 0) + operation.amount);
    state = transition.state;
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
  /** The showdown as the engine began it, and every show or muck recorded for it, by player: for a house's showdown. */
  let showdownStart: HandState | null = null;
  const showdownActions = new Map<number, { cards: string; action: string }>();
  /** 'waiting' once a muck Felt refuses is met, until every player in the showdown has a record; then 'settled'. */
  let houseShowdown: 'no' | 'waiting' | 'settled' = 'no';
  const showPending = (): void => {
    if (state.phase.kind === 'showdown' && showdownStart === null) showdownStart = state;
    if (houseShowdown !== 'no') {
      if (houseShowdown === 'waiting') settleAsRecorded();
      return;
    }
    while (state.phase.kind === 'showdown' && state.actor >= 0) {
      const seat = state.players[state.actor]?.seat as number;
      const index = indexOfSeat.get(seat) as number;
      const show = pendingShows.get(index);
      if (show === undefined) return;
      // A show written before the rest of the board is checked when its turn comes: its faults are its own.
      let command: Command | null = null;
      try {
        command = showCommand(show.cards, holeCards.get(index), seat, show.action);
        // A card the history named elsewhere, shown here in place of one dealt unread: the file's fault, named.
        if (command.type === 'show' && command.cards !== undefined) dealtOnce(command.cards, show.action);
        run(command);
        pendingShows.delete(index);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
        // A muck Felt's showdown rule refuses (the first to show, or at an all-in, must show) was the
        // house's way at the table that played it: the showdown is settled as recorded (D55).
        if (command?.type === 'muck' && error.code === 'must-show') {
          houseShowdown = 'waiting';
          settleAsRecorded();
          return;
        }
        throw new PhhError(`'${show.action}': ${error.message}`);
      }
    }
  };
  /**
   * The showdown as its record has it, once every player in it has shown or mucked: the mucks first (facts
   * of the record, written into the hand as the engine writes a muck), then the shows in Felt's order, and
   * the engine awards the pots among the hands shown. A note names each muck Felt's rules would not take.
   */
  const settleAsRecorded = (): void => {
    const start = showdownStart as HandState;
    const inShowdown = start.players.filter((player) => player.status !== 'folded' && player.showdown === null);
    const waiting = inShowdown.some((player) => !showdownActions.has(indexOfSeat.get(player.seat) as number));
    if (waiting) return;
    houseShowdown = 'settled';
    const decided = inShowdown.map((player) => {
      const index = indexOfSeat.get(player.seat) as number;
      const { cards, action } = showdownActions.get(index) as { cards: string; action: string };
      let command: Command;
      try {
        command = showCommand(cards, holeCards.get(index), player.seat, action);
      } catch (error) {
        if (error instanceof RuleViolation) throw new PhhError(`'${action}': ${error.message}`);
        throw error;
      }
      return { player, index, command, action };
    });
    const shown = decided.filter(({ command }) => command.type === 'show');
    // The record's last showdown action, for the words of a showdown that cannot be settled.
    const last = [...showdownActions.values()].at(-1)?.action ?? '';
    if (shown.length === 0) throw new PhhError(`'${last}': no player at the showdown shows cards the history records, and the pot cannot be settled without them`);
    // A pot whose every player mucked has nobody to win it — unless only one could: theirs, uncontested.
    const showers = new Set(shown.map(({ player }) => player.seat));
    const contested = (pot: Pot): boolean => pot.eligible.filter((seat) => start.players.some((player) => player.seat === seat && player.status !== 'folded')).length > 1;
    if (start.pots.some((pot) => pot.amount > 0 && contested(pot) && !pot.eligible.some((seat) => showers.has(seat) || !inShowdown.some((player) => player.seat === seat)))) {
      throw new PhhError(`'${last}': every player in one of the pots mucked, and that pot cannot be settled`);
    }
    const firstToShow = start.players[start.actor];
    const allIn = allHandsTabled(start);
    state = start;
    for (const { player, index, command } of decided) {
      if (command.type !== 'muck') continue;
      if (allIn) notes.push(`${name(index)} mucked without showing at an all-in showdown, where Felt's rules table every hand (E10)`);
      else if (player.seat === firstToShow?.seat) {
        const showers = shown.map(({ index: other }) => name(other)).join(' and ');
        notes.push(`${name(index)} mucked and ${showers} showed, where Felt's rules have ${name(index)} show first (E10: the last to bet or raise on the last round, else the first left of the button)`);
      }
      state = reduce(state, { type: 'muck', seat: player.seat });
      observe?.(state);
    }
    // The shows, from the first of them in Felt's order on: the engine moves to each in turn.
    const first = shown.slice().sort((a, b) => showOrder(start, a.player.seat) - showOrder(start, b.player.seat))[0] as (typeof shown)[number];
    state = reduce(state, { type: 'next-actor', seat: first.player.seat });
    for (;;) {
      if (state.phase.kind !== 'showdown' || state.actor < 0) return;
      const seat = state.players[state.actor]?.seat as number;
      const next = shown.find(({ player }) => player.seat === seat);
      if (next === undefined) throw new InvariantError(`seat ${seat} is to show, but the record's showdown has no show for it`);
      try {
        const { command } = next;
        // A show the engine took before the showdown was found to be the house's counts its cards once.
        if (command.type === 'show' && command.cards !== undefined) dealtOnce(command.cards.filter((card) => dealtIn.get(card) !== next.action), next.action);
        run(command);
      } catch (error) {
        if (error instanceof RuleViolation) throw new PhhError(`'${next.action}': ${error.message}`);
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
          showdownActions.set(index, { cards: words[2] ?? '', action });
        } else if (verb === 'f') run({ type: 'fold', seat });
        else if (verb === 'cc') run({ type: getLegalActions(state)?.check === true ? 'check' : 'call', seat });
        else if (verb === 'cbr') run({ type: 'bet', seat, to: units({ number: words[2] ?? '' }, `'${action}'`) });
        else throw new PhhError(`'${action}' is not a Texas hold'em action`);
        showPending();
      } catch (error) {
        // The seat note where the rule's words name a seat the file calls by another name.
        const player = /^p(\d+)\b/.exec(action)?.[1];
        const seat = player === undefined ? undefined : seats[Number(player) - 1];
        const seatNote = seat === undefined || seat === Number(player) ? '' : ` (p${player} is seat ${seat})`;
        if (error instanceof RuleViolation) throw new PhhError(`'${action}': ${inFileAmounts(error.message, action, scale)}${seatNote}`);
        throw error;
      }
    }
    if (everyoneDealt()) dealPending();
    showPending();
  } catch (error) {
    if (error instanceof PhhError || error instanceof RuleViolation) return result(state, hand, scale, indexOfSeat, name, unknownStacks, notes, returned, null, error.message);
    throw error;
  }
  return result(state, hand, scale, indexOfSeat, name, unknownStacks, notes, returned, everyoneDealt() ? null : 'every player is dealt two hole cards', null);
}

/**
 * A betting refusal's words with its amounts as the file writes them: the engine counts whole chip units
 * (155 for 15.5 in a file of tenths), the file's reader thinks in its own. In the words of a bet, a call
 * or a check every number is an amount but a seat's ("Seat 7", "seat 3's turn").
 */
function inFileAmounts(words: string, action: string, scale: number): string {
  if (scale === 0 || !/^p\d+ (cbr|cc)\b/.test(action)) return words;
  return words.replace(/(?<![Ss]eat )\b\d+\b/g, (amount) => fromUnits(Number(amount), scale));
}

/** A seat's place in the showdown's order: clockwise from the first to show. */
function showOrder(state: HandState, seat: number): number {
  const count = state.players.length;
  const index = state.players.findIndex((player) => player.seat === seat);
  return (index - state.actor + count) % count;
}

/**
 * The posted bets a file writes as negative blinds (PHH): a newcomer's post, live up to the big blind and
 * dead beyond it (the small blind's part of a post of both blinds). Only where a blind is not due.
 */
function postsOf(signedBlinds: readonly number[], seats: readonly number[], bigBlind: number): { seat: number; live: number; dead: number }[] {
  const posts: { seat: number; live: number; dead: number }[] = [];
  signedBlinds.forEach((blind, index) => {
    if (blind >= 0) return;
    if (signedBlinds.length === 2) throw new PhhError(`blinds_or_straddles[${index}] is a posted bet (negative), heads-up, where both players post a blind`);
    if (index < 2) throw new PhhError(`blinds_or_straddles[${index}] is a posted bet (negative) where ${index === 0 ? 'the small' : 'the big'} blind is due`);
    const live = Math.min(-blind, bigBlind);
    posts.push({ seat: seats[index] as number, live, dead: -blind - live });
  });
  return posts;
}

/**
 * The hand's chip unit as a number of decimal places (D55): the most any of its amounts uses — the
 * amounts that set the hand up and play it, and the results it records (a split pot's half chip in
 * `finishing_stacks` says the table played in halves) — unless a result's places would make the hand's
 * amounts too large to count exactly (a float's endless third): then the playing amounts' alone.
 */
function unitScale(hand: TomlTable, bets: readonly string[]): number {
  const playing: string[] = [...bets];
  for (const field of ['antes', 'blinds_or_straddles', 'starting_stacks', 'min_bet', 'small_bet', 'big_bet']) collectNumbers(hand[field], playing);
  const results: string[] = [];
  for (const field of ['finishing_stacks', 'winnings']) collectNumbers(hand[field], results);
  const finite = (literals: readonly string[]): string[] => literals.filter((literal) => !/inf|nan/.test(literal)).map((literal) => literal.replace(/^[+-]/, ''));
  const playingScale = Math.max(0, ...finite(playing).map(decimalPlaces));
  // Chip units are whole numbers a double holds exactly: 15 places or so of amount and fraction together.
  if (!Number.isSafeInteger(finite(playing).reduce((sum, literal) => sum + (safeUnits(literal, playingScale) ?? Number.POSITIVE_INFINITY), 0))) {
    const finest = finite(playing).find((literal) => decimalPlaces(literal) === playingScale) ?? '';
    throw new PhhError(`the hand's amounts, to the finest of them ('${finest}', ${playingScale} decimal places), are too many chip units to count exactly`);
  }
  const scale = Math.max(playingScale, ...finite(results).map(decimalPlaces));
  if (scale === playingScale) return scale;
  const total = finite(playing).reduce((sum, literal) => sum + (safeUnits(literal, scale) ?? Number.POSITIVE_INFINITY), 0);
  return Number.isSafeInteger(total) ? scale : playingScale;
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
  notes: readonly string[],
  returned: ReadonlyMap<number, number>,
  notDealt: string | null,
  error: string | null,
): ReplayResult {
  const complete = state.phase.kind === 'complete';
  const ordered = [...state.players].sort((a, b) => (indexOfSeat.get(a.seat) as number) - (indexOfSeat.get(b.seat) as number));
  // A stack the history did not know stays unknown at the end (`inf`), whatever it won or lost.
  const finishingStacks = complete ? ordered.map((player, index) => (unknownStacks.has(index) ? 'inf' : fromUnits(player.stack, scale))) : null;
  const potAmounts = new Map<number, number>();
  const winners = new Map<number, string[]>();
  const won = new Map<number, number>();
  for (const award of state.awards) {
    potAmounts.set(award.potIndex, (potAmounts.get(award.potIndex) ?? 0) + award.amount);
    winners.set(award.potIndex, [...(winners.get(award.potIndex) ?? []), name(indexOfSeat.get(award.seat) as number)]);
    won.set(award.seat, (won.get(award.seat) ?? 0) + award.amount);
  }
  const pots = [...potAmounts.entries()].sort((a, b) => a[0] - b[0]).map(([index, amount]) => ({ amount: fromUnits(amount, scale), winners: winners.get(index) ?? [] }));
  const unfinished = error !== null || complete ? null : `the record ends ${notDealt === null ? whereItEnds(state, (seat) => name(indexOfSeat.get(seat) as number)) : `before ${notDealt}`}`;
  let matchesRecorded: boolean | null = null;
  let rake: string | null = null;
  if (error === null) {
    const checks: boolean[] = [];
    // The stacks as the hand ends, or — for a record that simply ends — as they stand there (PHH).
    const recordedStacks = hand.finishing_stacks;
    if (Array.isArray(recordedStacks)) {
      checks.push(
        recordedStacks.length === ordered.length &&
          recordedStacks.every((value: TomlValue, index) => (unknownStacks.has(index) ? isInfinite(value) : amountOf(value, scale) === ordered[index]?.stack)),
      );
    }
    // What each player collected from the pots; online rooms record it after their rake (PHH's `winnings`).
    const recordedWinnings = hand.winnings;
    // Zeros only, where the pots were won, record nothing (some handhq files write them for every hand
    // whose text names no collection): not compared.
    const recordsWinnings = Array.isArray(recordedWinnings) && (recordedWinnings.some((value: TomlValue) => amountOf(value, scale) !== 0) || won.size === 0);
    if (Array.isArray(recordedWinnings) && recordsWinnings) {
      const compared = compareWinnings(
        recordedWinnings.map((value: TomlValue) => amountOf(value, scale)),
        ordered.map((player) => won.get(player.seat) ?? 0),
        ordered.map((player) => returned.get(player.seat) ?? 0),
      );
      checks.push(compared.matches);
      if (compared.rake > 0) rake = fromUnits(compared.rake, scale);
    }
    if (checks.length > 0) matchesRecorded = checks.every(Boolean);
  }
  return { finishingStacks, pots, matchesRecorded, rake, unfinished, notes, error };
}

/** An amount of the record in chip units, or null where it is none (a word, more places than the unit). */
function amountOf(value: TomlValue, scale: number): number | null {
  return typeof value === 'object' && value !== null && 'number' in value ? safeUnits(value.number, scale) : null;
}

/**
 * Recorded winnings against the replay's (D55): equal, or less by a rake the room took from the pots —
 * each winner of the replay got something and no more than the replay gives, nobody else got anything,
 * and all taken is at most a tenth of the pots (rooms took 5 % or less, capped). A room that counts the
 * uncalled part of a blind it gives back as won (a walk: the big blind "collects" both blinds) records
 * that too, and it is counted with the player's winnings. Anything else differs.
 */
function compareWinnings(recorded: readonly (number | null)[], replayed: readonly number[], givenBack: readonly number[]): { matches: boolean; rake: number } {
  if (recorded.length !== replayed.length || recorded.some((amount) => amount === null)) return { matches: false, rake: 0 };
  let taken = 0;
  let pots = 0;
  for (let index = 0; index < replayed.length; index++) {
    const got = recorded[index] as number;
    const back = givenBack[index] as number;
    const won = replayed[index] as number;
    const due = got > won && back > 0 && got <= won + back ? won + back : won;
    if (got > due || (got > 0) !== (due > 0)) return { matches: false, rake: 0 };
    taken += due - got;
    pots += won;
  }
  if (taken === 0) return { matches: true, rake: 0 };
  return taken * 10 <= pots + 9 ? { matches: true, rake: taken } : { matches: false, rake: 0 };
}

/** Where a hand stands when its record ends, in words: who is to act, or what is to be dealt. */
function whereItEnds(state: HandState, nameOf: (seat: number) => string): string {
  const actor = state.actor >= 0 ? nameOf((state.players[state.actor] as HandState['players'][number]).seat) : null;
  const street = state.street === 'preflop' ? 'before the flop' : `on the ${state.street}`;
  if (state.phase.kind === 'betting' && actor !== null) return `with ${actor} to act ${street}`;
  if (state.phase.kind === 'showdown' && actor !== null) return `with ${actor} to show or muck`;
  const due = state.board.length === 0 ? 'the flop' : state.board.length === 3 ? 'the turn' : 'the river';
  return `before ${due} is dealt`;
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
