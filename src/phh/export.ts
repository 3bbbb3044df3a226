import type { Card } from '../cards/card.js';
import { formatCard } from '../cards/notation.js';
import type { HandConfig } from '../engine/hand/config.js';
import type { Operation } from '../engine/hand/operations.js';
import { blindIndexes, buttonIndexOf } from '../engine/hand/positions.js';
import { replay } from '../engine/hand/reduce.js';
import { tomlString } from './toml.js';

/**
 * Writes one hand's operations as a PHH hand history (the pokerkit project's standard). Players
 * `p1…pN` are in seat order starting left of the button, the button last; the blinds are listed small
 * blind first (heads-up the standard reads them reversed, so the button, `p2`, posts the small blind).
 * Facts PHH has no field for — burn cards, the button seat, pot-limit or spread limit — go in `_` fields.
 */
export function exportPhh(operations: readonly Operation[], seatCount?: number): string {
  const first = operations[0];
  if (first?.type !== 'hand-started') throw new RangeError('a hand history starts with hand-started');
  const { config, players, buttonSeat } = first;
  const count = players.length;
  const buttonIndex = buttonIndexOf(players, buttonSeat);
  // Table order starting left of the button: PHH's p1 … pN.
  const order = Array.from({ length: count }, (_, step) => players[(buttonIndex + 1 + step) % count] as (typeof players)[number]);
  const playerOf = new Map(order.map((player, index) => [player.seat, `p${index + 1}`]));
  const name = (seat: number): string => playerOf.get(seat) as string;

  const extraPosts = new Map<number, { seat: number; live: number; dead: number }>();
  // What each player posted before the cards: live (blinds, straddle) and dead (antes, a dead blind).
  const postedLive = new Map<number, number>();
  const postedDead = new Map<number, number>();
  const holeCards = new Map<number, (Card | null)[]>();
  const burns: (Card | null)[] = [];
  const actions: string[] = [];
  let board: Card[] = [];
  let holeCardsWritten = false;
  const writeHoleCards = (): void => {
    if (holeCardsWritten) return;
    holeCardsWritten = true;
    for (const player of order) actions.push(`d dh ${name(player.seat)} ${cardsText(holeCards.get(player.seat) ?? [null, null])}`);
  };
  const flushBoard = (): void => {
    if (board.length > 0) actions.push(`d db ${board.map(formatCard).join('')}`);
    board = [];
  };
  /** A player's action: the hole cards and any board dealt so far are written before it. */
  const playerAction = (seat: number, action: string): void => {
    writeHoleCards();
    flushBoard();
    actions.push(`${name(seat)} ${action}`);
  };
  for (const operation of operations) {
    switch (operation.type) {
      case 'post': {
        const live = operation.kind === 'small-blind' || operation.kind === 'big-blind' || operation.kind === 'straddle' || operation.kind === 'posted-blind';
        const posted = live ? postedLive : postedDead;
        // A newcomer's post is PHH's posted bet: a negative entry in blinds_or_straddles (D55).
        const amount = operation.kind === 'posted-blind' ? -operation.amount : operation.amount;
        posted.set(operation.seat, (posted.get(operation.seat) ?? 0) + amount);
        if (operation.kind === 'posted-blind' || operation.kind === 'dead-blind') {
          const post = extraPosts.get(operation.seat) ?? { seat: operation.seat, live: 0, dead: 0 };
          if (operation.kind === 'posted-blind') post.live += operation.amount;
          else post.dead += operation.amount;
          extraPosts.set(operation.seat, post);
        }
        break;
      }
      case 'deal':
        if (operation.to === 'burn') {
          flushBoard();
          burns.push(operation.card);
        } else if (operation.to === 'board') {
          writeHoleCards();
          board.push(operation.card as Card);
        } else {
          const cards = holeCards.get(operation.to.seat) ?? [];
          cards.push(operation.card);
          holeCards.set(operation.to.seat, cards);
        }
        break;
      case 'premature-card':
        if (operation.to === 'burn') burns.push(operation.card);
        break;
      case 'cards-returned':
        board = board.filter((card) => !operation.cards.includes(card));
        break;
      case 'card-exposed':
        holeCards.get(operation.seat)?.pop();
        burns.push(operation.card);
        break;
      case 'fold':
        playerAction(operation.seat, 'f');
        break;
      case 'check':
      case 'call':
        playerAction(operation.seat, 'cc');
        break;
      case 'bet':
        playerAction(operation.seat, `cbr ${operation.to}`);
        break;
      case 'show':
        playerAction(operation.seat, `sm ${cardsText(operation.cards)}`);
        break;
      case 'muck':
        playerAction(operation.seat, 'sm');
        break;
      default:
        break;
    }
  }
  writeHoleCards();
  flushBoard();

  const final = replay(operations);
  const stackOf = new Map(final.players.map((player) => [player.seat, player.stack]));
  const lines: string[] = [];
  const structure = config.structure;
  // Blinds the table placed (a dead button or small blind, owed blinds) do not sit where PHH's positional
  // lists put them: then the lists say what each player posted — so other engines replay the same forced
  // bets, a newcomer's live post as PHH's posted bet (negative) — and `_blinds` / `_extra_posts` tell
  // Felt's import the rest.
  const usual = blindIndexes({ players, button: buttonIndex });
  const placedByTable =
    first.smallBlindSeat !== (players[usual.small] as (typeof players)[number]).seat || first.bigBlindSeat !== (players[usual.big] as (typeof players)[number]).seat || extraPosts.size > 0;
  // Heads-up the standard reads the lists reversed (p2, the button, first).
  const perPlayer = (posted: ReadonlyMap<number, number>): number[] => {
    const list = order.map((player) => posted.get(player.seat) ?? 0);
    return count === 2 ? list.reverse() : list;
  };
  lines.push(`variant = ${tomlString(structure.kind === 'fixed-limit' ? 'FT' : 'NT')}`);
  // A player's ante is their stake, as PHH's trimmed antes (its default puts every ante in the main pot, as
  // Felt does only with the big-blind ante, its dead money).
  if (config.ante > 0) lines.push('ante_trimming_status = true');
  lines.push(`antes = ${numbers(placedByTable ? perPlayer(postedDead) : order.map((_, index) => config.ante + (index === 1 ? config.bigBlindAnte : 0)))}`);
  lines.push(`blinds_or_straddles = ${numbers(placedByTable ? perPlayer(postedLive) : order.map((_, index) => blindAt(config, index, count)))}`);
  if (structure.kind === 'fixed-limit') {
    lines.push(`small_bet = ${structure.smallBet}`, `big_bet = ${structure.bigBet}`);
  } else {
    lines.push(`min_bet = ${config.bigBlind}`);
  }
  lines.push(`starting_stacks = ${numbers(order.map((player) => player.stack))}`);
  lines.push('actions = [', ...actions.map((action) => `  ${tomlString(action)},`), ']');
  lines.push(`seats = ${numbers(order.map((player) => player.seat))}`);
  // The table's seats when the caller knows the table (PHH: the seats at the table), else the highest seat played.
  lines.push(`seat_count = ${seatCount ?? Math.max(...order.map((player) => player.seat))}`);
  if (final.phase.kind === 'complete') lines.push(`finishing_stacks = ${numbers(order.map((player) => stackOf.get(player.seat) as number))}`);
  lines.push(`_button_seat = ${buttonSeat}`);
  if (placedByTable) {
    const { smallBlind, bigBlind, ante, bigBlindAnte, straddle } = config;
    lines.push(`_blinds = ${tomlString(JSON.stringify({ smallBlindSeat: first.smallBlindSeat, bigBlindSeat: first.bigBlindSeat, smallBlind, bigBlind, ante, bigBlindAnte, straddle }))}`);
  }
  if (extraPosts.size > 0) lines.push(`_extra_posts = ${tomlString(JSON.stringify([...extraPosts.values()]))}`);
  if (structure.kind !== 'no-limit' && structure.kind !== 'fixed-limit') lines.push(`_betting_structure = ${tomlString(JSON.stringify(structure))}`);
  if (structure.kind === 'fixed-limit') lines.push(`_max_bets_per_round = ${structure.maxBetsPerRound}`, `_uncapped = ${tomlString(structure.uncapped)}`);
  if (config.rake !== null) lines.push(`_rake = ${tomlString(JSON.stringify(config.rake))}`, `rake = ${final.rake}`);
  if (config.chipUnit !== 1) lines.push(`_chip_unit = ${config.chipUnit}`);
  if (burns.length > 0) lines.push(`_burn_cards = [${burns.map((card) => tomlString(card === null ? '??' : formatCard(card))).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** PHH blinds by position: small blind p1, big blind p2, straddle p3; heads-up the same list (read reversed). */
function blindAt(config: HandConfig, index: number, count: number): number {
  if (index === 0) return config.smallBlind;
  if (index === 1) return config.bigBlind;
  if (index === 2 && count > 2) return config.straddle;
  return 0;
}

function cardsText(cards: readonly (Card | null)[]): string {
  return cards.map((card) => (card === null ? '??' : formatCard(card))).join('');
}

function numbers(values: readonly number[]): string {
  return `[${values.join(', ')}]`;
}
