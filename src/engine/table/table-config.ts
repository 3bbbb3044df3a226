import { type HandConfig, NO_LIMIT_5_10, settleConfig } from '../hand/config.js';
import { MAX_RETURN_WITHIN_MINUTES } from './departures.js';
import { RuleViolation, violation } from '../rule-violation.js';

/**
 * How the button and blinds move between hands (Robert's Rules "Rules for using blinds" 2). Dead button
 * (TDA 32, WSOP): the big blind goes to the player due for it, the small blind and the button follow
 * behind, even onto an empty seat. Moving button: the button always moves to the next player, the
 * blinds follow; a player who is away when they pass owes them.
 */
export type ButtonRule = 'dead' | 'moving';

/** The casino's fee per seat and period (seed 000: 15 every 30 minutes at 5/10), instead of rake. */
export type TimeCollection = {
  readonly amount: number;
  readonly everyMinutes: number;
  /** Whether players sitting out pay too. */
  readonly sittingOutPays: boolean;
  /** A new arrival is dealt this many hands before paying time (a courtesy); 0 for none. */
  readonly courtesyHands: number;
};

/** One blind level of a tournament (seed 004: blinds rise by time or by number of hands). */
export type BlindLevel = { readonly smallBlind: number; readonly bigBlind: number; readonly ante: number; readonly bigBlindAnte: number };

/**
 * Tournament mode (seed 004): everyone starts with the same chips, the blinds rise level by level, a
 * player without chips is out, and the last player with chips wins. No buy-ins after the start, no
 * top-ups, no time collection or rake.
 */
export type TournamentRule = {
  readonly startingStack: number;
  readonly levels: readonly BlindLevel[];
  readonly levelEvery: { readonly minutes: number } | { readonly hands: number };
};

/** Everything that decides the table's rules, stored with the table so a session replays years later. */
export type TableConfig = {
  /** The rules of each hand: structure, blinds, antes, chip unit, rake (or none, with time collection). */
  readonly hand: HandConfig;
  /** Seats printed on the table, numbered 1 … seatCount (at most 14). */
  readonly seatCount: number;
  /** The most players dealt in (seed 000: 2–11). */
  readonly maxPlayers: number;
  /** A buy-in, and a top-up, keeps the stack within [min, max] (seed 000: 200 at 5/10; no short buys). */
  readonly buyIn: { readonly min: number; readonly max: number };
  readonly button: ButtonRule;
  /**
   * A new player (after the first hand) waits for the big blind or posts one to come in at once
   * (`post-or-wait`, Robert's Rules), or must post (`post`: many houses' limit games) — dealt in, posting a
   * big blind, at the first hand their seat may enter.
   */
  readonly newPlayers: 'post-or-wait' | 'post';
  readonly timeCollection: TimeCollection | null;
  /**
   * A player who leaves and sits down again within this many minutes must bring back at least the chips
   * they left with (WSOP Live Action 58); 0 to switch it off.
   */
  readonly returnWithinMinutes: number;
  /** Tournament mode, or null for a cash game (seed 004: bust players may buy chips again). */
  readonly tournament: TournamentRule | null;
  /**
   * Premature cards a betting round takes (E17, D65): 1 unless set (older setups lack it); 0 leaves every
   * premature card to the floor's ruling. One more is the floor's: a ruling or a misdeal.
   */
  readonly prematurePerStreet?: number;
};

/** The most premature cards a betting round may be set to take. */
export const MAX_PREMATURE_PER_STREET = 4;

export const MAX_SEATS = 14;

/** The casino table of seed 000: 5/10 no limit, buy-in 200–1,000, dead button, 15 time every 30 minutes. */
export const CASINO_5_10: TableConfig = {
  hand: NO_LIMIT_5_10,
  seatCount: 10,
  maxPlayers: 10,
  buyIn: { min: 200, max: 1000 },
  button: 'dead',
  newPlayers: 'post-or-wait',
  timeCollection: { amount: 15, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 },
  returnWithinMinutes: 60,
  tournament: null,
};

/** Refuses a table that could not be played, naming the field; returns it with the hand rules settled. */
export function settleTableConfig(config: TableConfig): TableConfig {
  const hand = settleConfig(config.hand);
  const unit = hand.chipUnit;
  const whole = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;
  const refuse = (en: string, de: string): never => {
    throw violation('invalid-config', en, de);
  };
  // A big-blind ante is the big blind's amount or less wherever it is played (TDA, WSOP): one above it is
  // taken for a slip of the keyboard, which a table would otherwise play all night.
  const bigBlindAnteFits = (level: { readonly bigBlind: number; readonly bigBlindAnte: number }, where: { en: string; de: string }): void => {
    if (level.bigBlindAnte > level.bigBlind) {
      refuse(`${where.en}the big-blind ante (${level.bigBlindAnte}) may be at most the big blind (${level.bigBlind})`, `${where.de}der Big-Blind-Ante (${level.bigBlindAnte}) darf höchstens der Big Blind (${level.bigBlind}) sein`);
    }
  };
  bigBlindAnteFits(hand, { en: '', de: '' });
  if (!Number.isSafeInteger(config.seatCount) || config.seatCount < 2 || config.seatCount > MAX_SEATS) {
    refuse(`seatCount must be 2 to ${MAX_SEATS}, got ${String(config.seatCount)}`, `seatCount muss 2 bis ${MAX_SEATS} sein, nicht ${String(config.seatCount)}`);
  }
  if (!Number.isSafeInteger(config.maxPlayers) || config.maxPlayers < 2 || config.maxPlayers > config.seatCount) {
    refuse(`maxPlayers must be 2 to the seat count, got ${String(config.maxPlayers)}`, `maxPlayers muss 2 bis zur Platzzahl sein, nicht ${String(config.maxPlayers)}`);
  }
  const { min, max } = config.buyIn;
  if (!whole(min) || !whole(max) || min <= 0 || max < min || min % unit !== 0 || max % unit !== 0) {
    refuse('buyIn needs 0 < min ≤ max in whole chip units', 'buyIn braucht 0 < min ≤ max in ganzen Chipeinheiten');
  }
  const time = config.timeCollection;
  if (time !== null) {
    if (!whole(time.amount) || time.amount <= 0 || time.amount % unit !== 0 || !whole(time.everyMinutes) || time.everyMinutes <= 0 || !whole(time.courtesyHands)) {
      refuse('timeCollection needs a positive amount in chip units, a period in whole minutes and whole courtesy hands', 'timeCollection braucht einen positiven Betrag in Chipeinheiten, eine Periode in ganzen Minuten und ganze Freihände');
    }
    if (hand.rake !== null) refuse('a table collects time or takes rake, not both', 'Ein Tisch kassiert Zeit oder Rake, nicht beides');
  }
  if (!whole(config.returnWithinMinutes) || config.returnWithinMinutes > MAX_RETURN_WITHIN_MINUTES) {
    refuse(`returnWithinMinutes must be a whole number of minutes, at most ${MAX_RETURN_WITHIN_MINUTES}`, `returnWithinMinutes muss eine ganze Zahl von Minuten sein, höchstens ${MAX_RETURN_WITHIN_MINUTES}`);
  }
  if (config.button !== 'dead' && config.button !== 'moving') refuse("button must be 'dead' or 'moving'", "button muss 'dead' oder 'moving' sein");
  const premature = config.prematurePerStreet;
  if (premature !== undefined && (!Number.isSafeInteger(premature) || premature < 0 || premature > MAX_PREMATURE_PER_STREET)) {
    refuse(`prematurePerStreet must be 0 to ${MAX_PREMATURE_PER_STREET}`, `prematurePerStreet muss 0 bis ${MAX_PREMATURE_PER_STREET} sein`);
  }
  if (config.newPlayers !== 'post-or-wait' && config.newPlayers !== 'post') refuse("newPlayers must be 'post-or-wait' or 'post'", "newPlayers muss 'post-or-wait' oder 'post' sein");
  const tournament = config.tournament ?? null;
  if (tournament !== null) {
    if (time !== null || hand.rake !== null) refuse('a tournament collects no time and takes no rake', 'Ein Turnier kassiert weder Zeit noch Rake');
    if (!whole(tournament.startingStack) || tournament.startingStack <= 0 || tournament.startingStack % unit !== 0) {
      refuse('tournament.startingStack must be a positive number of chip units', 'tournament.startingStack muss eine positive Zahl von Chipeinheiten sein');
    }
    if (tournament.levels.length === 0) refuse('a tournament needs at least one blind level', 'Ein Turnier braucht mindestens eine Blindstufe');
    for (const [index, level] of tournament.levels.entries()) {
      // Each level must be a playable hand configuration of its own.
      try {
        settleConfig({ ...hand, ...level });
      } catch (error) {
        // The level's own refusal, in each language (a bug's error has English only).
        const words = error instanceof RuleViolation ? error.words : { en: (error as Error).message, de: (error as Error).message };
        refuse(`tournament level ${index + 1}: ${words.en}`, `Turnierstufe ${index + 1}: ${words.de}`);
      }
      bigBlindAnteFits(level, { en: `tournament level ${index + 1}: `, de: `Turnierstufe ${index + 1}: ` });
    }
    const every = tournament.levelEvery;
    const amount = 'minutes' in every ? every.minutes : every.hands;
    if (!whole(amount) || amount <= 0) refuse('tournament.levelEvery needs a positive number of minutes or hands', 'tournament.levelEvery braucht eine positive Zahl von Minuten oder Händen');
  }
  return {
    ...config,
    hand,
    buyIn: { min, max },
    timeCollection: time === null ? null : { ...time },
    tournament: tournament === null ? null : { ...tournament, levels: tournament.levels.map((level) => ({ ...level })), levelEvery: { ...tournament.levelEvery } },
  };
}
