import type { Card } from '../cards/card.js';
import type { Words } from '../evaluator/words.js';
import { announceAward } from '../engine/announce.js';
import { getLegalActions, type LegalActions } from '../engine/betting.js';
import { getPrompt, type Prompt } from '../engine/prompt.js';
import type { Player } from '../engine/state.js';
import type { OwedBlinds, TableState } from '../engine/table-state.js';

/** What a seat shows. `face-down` counts the cards in front of the player; their faces are never here. */
export type SeatView = {
  readonly seat: number;
  readonly name: string;
  readonly stack: number;
  readonly bet: number;
  readonly status: 'active' | 'folded' | 'all-in' | 'sitting-out' | 'waiting' | 'out-of-hand';
  readonly owes: OwedBlinds;
  readonly faceDown: number;
  /** Cards tabled at the showdown: the only hole cards the view ever holds. */
  readonly shown: readonly Card[] | null;
};

/** A device as the status bar shows it: what it is, whether it works, and the last problem in words. */
export type DeviceStatus = {
  readonly id: string;
  readonly kind: 'shoe' | 'rfid-reader' | 'button-panel' | 'keypad';
  readonly state: 'connected' | 'disconnected' | 'fault';
  readonly detail: Words | null;
};

/**
 * The croupier's screen as data: everything the renderer may show, and nothing it must not. Hole cards
 * appear only once tabled at the showdown — the renderer cannot leak what it never gets.
 */
export type ViewModel = {
  readonly handNumber: number;
  readonly button: number | null;
  /** The blinds of the hand in play (or the last one): seats, the small blind null when dead. */
  readonly blinds: { readonly small: number | null; readonly big: number } | null;
  readonly seats: readonly SeatView[];
  readonly board: readonly Card[];
  readonly pots: readonly { readonly amount: number; readonly eligible: readonly number[] }[];
  readonly actor: { readonly seat: number; readonly legal: LegalActions } | null;
  readonly prompt: Prompt;
  readonly awards: readonly Words[];
  readonly lastError: Words | null;
  readonly devices: readonly DeviceStatus[];
  readonly logHead: string;
};

export function viewOf(table: TableState, now: number, lastError: Words | null, logHead: string, devices: readonly DeviceStatus[] = []): ViewModel {
  const hand = table.hand;
  const inHand = new Map<number, Player>((hand?.players ?? []).map((player) => [player.seat, player]));
  const seats = table.seats.flatMap((seated): SeatView[] => {
    if (seated === null) return [];
    const player = inHand.get(seated.seat);
    const base = { seat: seated.seat, name: seated.name, owes: seated.owes };
    if (player === undefined || hand === null) {
      const status = seated.status === 'sitting-out' ? 'sitting-out' : seated.status === 'waiting' ? 'waiting' : 'out-of-hand';
      return [{ ...base, stack: seated.stack, bet: 0, status, faceDown: 0, shown: null }];
    }
    const shown = Array.isArray(player.showdown) ? (player.showdown as readonly Card[]) : null;
    return [{ ...base, stack: player.stack, bet: player.bet, status: player.status, faceDown: shown === null && player.status !== 'folded' && player.showdown !== 'mucked' ? player.holeCards.length : 0, shown }];
  });
  const actorPlayer = hand !== null && hand.phase.kind === 'betting' && hand.actor >= 0 ? hand.players[hand.actor] : undefined;
  const legal = actorPlayer === undefined || hand === null ? null : getLegalActions(hand);
  return {
    handNumber: table.handNumber,
    button: table.button,
    blinds: blindsOf(table),
    seats,
    board: hand?.board ?? [],
    pots: (hand?.pots ?? []).map((pot) => ({ amount: pot.amount, eligible: pot.eligible })),
    actor: actorPlayer === undefined || legal === null ? null : { seat: actorPlayer.seat, legal },
    prompt: getPrompt(table, now),
    awards: hand?.phase.kind === 'complete' ? hand.awards.map(announceAward) : [],
    lastError,
    devices,
    logHead,
  };
}

function blindsOf(table: TableState): ViewModel['blinds'] {
  const positions = table.positions;
  if (positions === null) return null;
  const { smallBlindPosition, bigBlind, dealtIn } = positions;
  return { small: dealtIn.includes(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null, big: bigBlind };
}
