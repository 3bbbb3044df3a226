import type { Card } from '../../src/cards/card.js';
import { parseCard } from '../../src/cards/notation.js';
import { apply, type Command, startHand, type StartHand } from '../../src/engine/hand/apply.js';
import type { HandConfig } from '../../src/engine/hand/config.js';
import { NO_LIMIT_5_10 } from '../../src/engine/hand/config.js';
import type { Operation } from '../../src/engine/hand/operations.js';
import type { HandState } from '../../src/engine/hand/state.js';

/** Drives one hand through the engine, keeping every operation, as a controller would. */
export class HandDriver {
  state: HandState;
  readonly log: Operation[] = [];

  constructor(start: StartHand) {
    const { state, operations } = startHand(start);
    this.state = state;
    this.log.push(...operations);
  }

  static table(stacks: readonly number[], options: { button?: number; config?: Partial<HandConfig> } = {}): HandDriver {
    return new HandDriver({
      config: { ...NO_LIMIT_5_10, ...options.config },
      players: stacks.map((stack, index) => ({ seat: index + 1, stack })),
      buttonSeat: options.button ?? 1,
    });
  }

  do(command: Command): this {
    const { state, operations } = apply(this.state, command);
    this.state = state;
    this.log.push(...operations);
    return this;
  }

  /** Deals the given cards (`Ah`, or `?` for a card dealt unseen) in the order the engine expects. */
  deal(cards: string): this {
    for (const token of cards.split(/\s+/).filter(Boolean)) {
      this.do({ type: 'deal', card: token === '?' ? null : parseCard(token) });
    }
    return this;
  }

  /** Deals hole cards from a list of hands per seat in table order: 'AhKh QsQd …' → each player's two. */
  dealHoleCards(hands: readonly string[]): this {
    const byPlayer = hands.map((hand) => [hand.slice(0, 2), hand.slice(2, 4)]);
    const plan: string[] = [];
    if (this.state.config.burnBeforeHoleCards) plan.push('?');
    const count = this.state.players.length;
    for (let round = 0; round < 2; round++) {
      for (let step = 1; step <= count; step++) {
        const index = (this.state.button + step) % count;
        plan.push(byPlayer[index]?.[round] ?? '?');
      }
    }
    return this.deal(plan.join(' '));
  }

  actions(script: string): this {
    for (const token of script.split(/\s+/).filter(Boolean)) {
      if (token === 'f') this.do({ type: 'fold' });
      else if (token === 'x') this.do({ type: 'check' });
      else if (token === 'c') this.do({ type: 'call' });
      else if (token === 'a') this.do({ type: 'all-in' });
      else if (token.startsWith('b')) this.do({ type: 'bet', to: Number(token.slice(1)) });
      else throw new Error(`unknown action ${token}`);
    }
    return this;
  }

  actorSeat(): number | null {
    return this.state.actor < 0 ? null : (this.state.players[this.state.actor]?.seat ?? null);
  }

  stacks(): number[] {
    return this.state.players.map((player) => player.stack);
  }

  cards(tokens: string): Card[] {
    return tokens.split(/\s+/).filter(Boolean).map(parseCard);
  }
}
