import { parseCard } from '../../src/cards/notation.js';
import { expectedCard } from '../../src/engine/hand/dealing.js';
import { applyTable, openTable, type TableCommand } from '../../src/engine/table/table.js';
import { CASINO_5_10, type TableConfig } from '../../src/engine/table/table-config.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import type { SeatedPlayer, TableState } from '../../src/engine/table/table-state.js';

export const MINUTE = 60_000;

/** Drives a table through `applyTable`, keeping its log, as the controller would. */
export class TableDriver {
  state: TableState;
  readonly log: TableLogEntry[] = [];
  /** The clock, ms since the epoch: advanced by the tests. */
  now = 0;

  constructor(config: Partial<TableConfig> = {}) {
    const { state, operations } = openTable({ ...CASINO_5_10, ...config }, this.now);
    this.state = state;
    this.log.push(...operations);
  }

  do(command: TableCommand): this {
    const { state, operations } = applyTable(this.state, command);
    this.state = state;
    this.log.push(...operations);
    return this;
  }

  sit(seat: number, name: string, buyIn = 500): this {
    return this.do({ type: 'sit', seat, name, buyIn, at: this.now });
  }

  /** Draws for the button: `'3:As 5:Kd'` gives seat 3 the ace of spades and seat 5 the king of diamonds. */
  draw(cards: string): this {
    for (const token of cards.split(/\s+/).filter(Boolean)) {
      const [seat, card] = token.split(':') as [string, string];
      this.do({ type: 'draw', seat: Number(seat), card: parseCard(card) });
    }
    return this;
  }

  start(): this {
    return this.do({ type: 'start-hand', at: this.now });
  }

  /** Deals face-down cards until betting, then everyone folds to the last player: a quick hand. */
  foldAround(): this {
    for (let steps = 0; this.state.hand?.phase.kind !== 'complete'; steps++) {
      if (steps > 200) throw new Error('the hand does not end');
      const hand = this.state.hand;
      if (hand === null) throw new Error('no hand');
      if (hand.phase.kind === 'dealing') {
        if (expectedCard(hand) === 'board') throw new Error('foldAround reached the board');
        this.do({ type: 'deal', card: null });
      } else {
        this.do({ type: 'fold' });
      }
    }
    return this;
  }

  /** Starts a hand and folds it around. */
  playHand(): this {
    return this.start().foldAround();
  }

  player(seat: number): SeatedPlayer {
    const player = this.state.seats[seat - 1];
    if (player === undefined || player === null) throw new Error(`nobody at seat ${seat}`);
    return player;
  }

  /** The last hand's positions: button, small blind (null if dead), big blind, seats dealt in. */
  positions(): { button: number; small: number | null; big: number; dealtIn: number[] } {
    const started = [...this.log].reverse().find((entry) => entry.type === 'hand-started');
    const positions = [...this.log].reverse().find((entry) => entry.type === 'hand-positions');
    if (started?.type !== 'hand-started' || positions?.type !== 'hand-positions') throw new Error('no hand yet');
    return { button: started.buttonSeat, small: started.smallBlindSeat, big: started.bigBlindSeat, dealtIn: [...positions.dealtIn] };
  }

  chipsOnTable(): number {
    return this.state.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
  }
}
