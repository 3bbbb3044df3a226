import { violation } from '../rule-violation.js';

/**
 * When a limit game's raise cap is lifted: seed 000 lifts it while only two players are left in the
 * hand; WSOP lifts it only for a betting round that began heads-up; 'never' keeps it.
 */
export type UncapRule = 'two-players-left' | 'round-began-heads-up' | 'never';

/** The betting structure: every one the seeds name (000). Amounts in chip units. */
export type BettingStructure =
  | { readonly kind: 'no-limit' }
  | { readonly kind: 'pot-limit' }
  | {
      readonly kind: 'fixed-limit';
      /** Pre-flop and flop. */
      readonly smallBet: number;
      /** Turn and river. */
      readonly bigBet: number;
      /** Bets and raises per round: a bet and three raises is 4 (seed 000); WSOP uses 5. */
      readonly maxBetsPerRound: number;
      readonly uncapped: UncapRule;
    }
  | {
      readonly kind: 'spread-limit';
      /** Pre-flop and flop: a bet or raise between min and max. */
      readonly lower: { readonly min: number; readonly max: number };
      /** Turn and river. */
      readonly higher: { readonly min: number; readonly max: number };
      readonly maxBetsPerRound: number;
      readonly uncapped: UncapRule;
    };

export type PrematureCardRule = 'restore-order' | 'scramble';

export type RakeRule = {
  /** Percent of the pot in basis points (500 = 5 %). */
  readonly basisPoints: number;
  /** The most taken from one hand. */
  readonly cap: number;
  /** No rake when the hand ends before the flop. */
  readonly noFlopNoDrop: boolean;
};

/**
 * Everything that decides a hand's rules, stored with every hand so it replays years later. Plain
 * data, never functions. All amounts are integers in chip units and multiples of `chipUnit`.
 */
export type HandConfig = {
  readonly structure: BettingStructure;
  readonly smallBlind: number;
  readonly bigBlind: number;
  /** Posted by every player before the blinds; 0 for none. */
  readonly ante: number;
  /** Posted by the big blind for the whole table (big-blind ante); 0 for none. */
  readonly bigBlindAnte: number;
  /** A live straddle posted by the player left of the big blind; 0 for none. */
  readonly straddle: number;
  /** The smallest chip in play: every amount is a multiple of it, odd chips are this size. */
  readonly chipUnit: number;
  /** Burn a card before the hole cards (seed 000 wants it; many rooms skip it). */
  readonly burnBeforeHoleCards: boolean;
  /** Burn a card before the flop, the turn and the river. */
  readonly burnBeforeBoard: boolean;
  /**
   * Board cards turned before the betting was over (premature cards). `restore-order` (Robert's Rules,
   * WSOP Live Action): a premature flop or river is mixed back into the stub and dealt again without a
   * burn; a premature turn is set aside, the turn is burned and dealt from the stub, and the set-aside card
   * goes back into the stub before a river dealt without a burn. `scramble` (TDA: randomness, the burn
   * protects the stub): every premature card is mixed back into the stub at the next board card, which is
   * dealt without a new burn.
   */
  readonly prematureCards: PrematureCardRule;
  readonly rake: RakeRule | null;
};

export const NO_LIMIT_5_10: HandConfig = frozenCopy({
  structure: { kind: 'no-limit' },
  smallBlind: 5,
  bigBlind: 10,
  ante: 0,
  bigBlindAnte: 0,
  straddle: 0,
  chipUnit: 1,
  burnBeforeHoleCards: true,
  burnBeforeBoard: true,
  prematureCards: 'restore-order',
  rake: null,
});

/** Configurations checked and frozen all the way down: what hands record. */
const settled = new WeakSet<HandConfig>();

/**
 * The configuration a hand records: checked, and frozen all the way down so that no later change by
 * its caller can change a logged hand. A configuration settled before is used as it is: a table
 * settles its configuration once, not at every hand (a deep copy per hand was the engine's largest
 * cost at the start of a hand).
 */
export function settleConfig(config: HandConfig): HandConfig {
  if (settled.has(config)) return config;
  checkConfig(config);
  const frozen = isFrozenData(config) ? config : frozenCopy(config);
  settled.add(frozen);
  return frozen;
}

/** A deep copy of plain data (objects, arrays, primitives), frozen at every level. */
function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = frozenCopy(field);
  return Object.freeze(copy) as T;
}

function isFrozenData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isFrozenData);
}

/** Refuses a configuration that could not be played, naming the field. */
export function checkConfig(config: HandConfig): void {
  const amounts: [string, number][] = [
    ['smallBlind', config.smallBlind],
    ['bigBlind', config.bigBlind],
    ['ante', config.ante],
    ['bigBlindAnte', config.bigBlindAnte],
    ['straddle', config.straddle],
  ];
  const structure = config.structure;
  if (structure.kind === 'fixed-limit') amounts.push(['smallBet', structure.smallBet], ['bigBet', structure.bigBet]);
  if (structure.kind === 'spread-limit') {
    amounts.push(['lower.min', structure.lower.min], ['lower.max', structure.lower.max]);
    amounts.push(['higher.min', structure.higher.min], ['higher.max', structure.higher.max]);
  }
  if (!Number.isSafeInteger(config.chipUnit) || config.chipUnit < 1) {
    throw violation('invalid-config', `chipUnit must be a positive integer, got ${String(config.chipUnit)}`, `chipUnit muss eine positive ganze Zahl sein, nicht ${String(config.chipUnit)}`);
  }
  for (const [name, amount] of amounts) {
    if (!Number.isSafeInteger(amount) || amount < 0 || amount % config.chipUnit !== 0) {
      throw violation(
        'invalid-config',
        `${name} must be a whole number of chip units (${config.chipUnit}), got ${String(amount)}`,
        `${name} muss ein Vielfaches der Chipeinheit (${config.chipUnit}) sein, nicht ${String(amount)}`,
      );
    }
  }
  if (config.bigBlind <= 0 || config.smallBlind > config.bigBlind) {
    throw violation('invalid-config', 'the big blind must be positive and at least the small blind', 'Der Big Blind muss positiv und mindestens so groß wie der Small Blind sein');
  }
  if (config.straddle !== 0 && config.straddle <= config.bigBlind) {
    throw violation('invalid-config', 'a straddle must be more than the big blind', 'Ein Straddle muss größer als der Big Blind sein');
  }
  if ((structure.kind === 'fixed-limit' || structure.kind === 'spread-limit') && (!Number.isInteger(structure.maxBetsPerRound) || structure.maxBetsPerRound < 1)) {
    throw violation('invalid-config', 'maxBetsPerRound must be at least 1', 'maxBetsPerRound muss mindestens 1 sein');
  }
  if (structure.kind === 'fixed-limit' && (structure.smallBet <= 0 || structure.bigBet < structure.smallBet)) {
    throw violation('invalid-config', 'fixed limit needs 0 < small bet ≤ big bet', 'Fixed Limit braucht 0 < Small Bet ≤ Big Bet');
  }
  if (structure.kind === 'spread-limit') {
    for (const limits of [structure.lower, structure.higher]) {
      if (limits.min <= 0 || limits.max < limits.min) {
        throw violation('invalid-config', 'spread limit needs 0 < min ≤ max on every street', 'Spread Limit braucht 0 < Minimum ≤ Maximum in jeder Runde');
      }
    }
  }
  if (config.prematureCards !== 'restore-order' && config.prematureCards !== 'scramble') {
    throw violation('invalid-config', "prematureCards must be 'restore-order' or 'scramble'", "prematureCards muss 'restore-order' oder 'scramble' sein");
  }
  const rake = config.rake;
  if (rake !== null && (!Number.isInteger(rake.basisPoints) || rake.basisPoints < 0 || rake.basisPoints > 10_000 || !Number.isSafeInteger(rake.cap) || rake.cap < 0)) {
    throw violation('invalid-config', 'rake needs 0–10,000 basis points and a cap of at least 0', 'Rake braucht 0–10.000 Basispunkte und eine Obergrenze ab 0');
  }
}
