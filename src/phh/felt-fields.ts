/**
 * Felt's own `_` fields in a hand history (D15): JSON written by `felt export`, read back by replay. A
 * file is input like any other, so each field is checked against its shape before it is used, and a
 * field that does not fit is named in the hand's error line — never a crash of the whole run.
 */
import type { BettingStructure, RakeRule, UncapRule } from '../engine/hand/config.js';
import { toUnits } from './amounts.js';
import { PhhError } from './phh-error.js';
import type { TomlValue } from './toml.js';

const UNCAP_RULES: readonly UncapRule[] = ['two-players-left', 'round-began-heads-up', 'never'];
const UNCAP_WORDS = `one of ${UNCAP_RULES.map((rule) => `'${rule}'`).join(', ')}`;

function isUncapRule(value: unknown): value is UncapRule {
  return UNCAP_RULES.includes(value as UncapRule);
}

export type FeltBlinds = {
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  readonly smallBlind: number | undefined;
  readonly bigBlind: number | undefined;
  readonly ante: number | undefined;
  readonly bigBlindAnte: number | undefined;
  readonly straddle: number | undefined;
};
export type FeltExtraPost = { readonly seat: number; readonly live: number; readonly dead: number };

/** Reads one JSON field's parts, naming the field and the part in what it refuses. */
class FieldReader {
  constructor(private readonly field: string) {}

  refuse(part: string, what: string): never {
    throw new PhhError(`the field '${this.field}' is not Felt's: ${part === '' ? '' : `${part} `}must be ${what}`);
  }

  object(value: unknown, part = ''): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.refuse(part, 'an object');
    return value as Record<string, unknown>;
  }

  amount(value: unknown, part: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) this.refuse(part, 'a number of at least 0');
    return value;
  }

  optionalAmount(value: unknown, part: string): number | undefined {
    return value === undefined ? undefined : this.amount(value, part);
  }

  whole(value: unknown, part: string, least: number): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) this.refuse(part, `a whole number of at least ${least}`);
    return value;
  }

  uncapped(value: unknown, part: string): UncapRule {
    if (!isUncapRule(value)) this.refuse(part, UNCAP_WORDS);
    return value;
  }
}

/** A field's JSON, parsed; undefined when the file has no such field. */
function json(value: TomlValue | undefined, field: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new PhhError(`the field '${field}' must be a string holding JSON`);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new PhhError(`the field '${field}' is not valid JSON`);
  }
}

/** An amount from one of Felt's fields, in chip units at the file's scale. */
export function fieldUnits(value: number | undefined, field: string, scale: number): number {
  try {
    return toUnits(String(value ?? 0), scale);
  } catch (error) {
    throw new PhhError(`the field '${field}': ${(error as Error).message}, where the file's amounts have ${scale} decimal places`);
  }
}

export function feltBettingStructure(value: TomlValue | undefined, scale: number): BettingStructure | undefined {
  const parsed = json(value, '_betting_structure');
  if (parsed === undefined) return undefined;
  const field = '_betting_structure';
  const read = new FieldReader(field);
  const structure = read.object(parsed);
  switch (structure.kind) {
    case 'no-limit':
    case 'pot-limit':
      return { kind: structure.kind };
    case 'spread-limit': {
      const range = (part: 'lower' | 'higher'): { min: number; max: number } => {
        const limits = read.object(structure[part], part);
        return {
          min: fieldUnits(read.amount(limits.min, `${part}.min`), `${field} ${part}.min`, scale),
          max: fieldUnits(read.amount(limits.max, `${part}.max`), `${field} ${part}.max`, scale),
        };
      };
      return {
        kind: 'spread-limit',
        lower: range('lower'),
        higher: range('higher'),
        maxBetsPerRound: read.whole(structure.maxBetsPerRound, 'maxBetsPerRound', 1),
        uncapped: read.uncapped(structure.uncapped, 'uncapped'),
      };
    }
    default:
      return read.refuse('kind', "'no-limit', 'pot-limit' or 'spread-limit' (fixed limit is the variant FT)");
  }
}

export function feltBlinds(value: TomlValue | undefined): FeltBlinds | undefined {
  const parsed = json(value, '_blinds');
  if (parsed === undefined) return undefined;
  const read = new FieldReader('_blinds');
  const blinds = read.object(parsed);
  return {
    smallBlindSeat: blinds.smallBlindSeat === null ? null : read.whole(blinds.smallBlindSeat, 'smallBlindSeat', 1),
    bigBlindSeat: read.whole(blinds.bigBlindSeat, 'bigBlindSeat', 1),
    smallBlind: read.optionalAmount(blinds.smallBlind, 'smallBlind'),
    bigBlind: read.optionalAmount(blinds.bigBlind, 'bigBlind'),
    ante: read.optionalAmount(blinds.ante, 'ante'),
    bigBlindAnte: read.optionalAmount(blinds.bigBlindAnte, 'bigBlindAnte'),
    straddle: read.optionalAmount(blinds.straddle, 'straddle'),
  };
}

export function feltExtraPosts(value: TomlValue | undefined): readonly FeltExtraPost[] {
  const parsed = json(value, '_extra_posts');
  if (parsed === undefined) return [];
  const read = new FieldReader('_extra_posts');
  if (!Array.isArray(parsed)) return read.refuse('', 'a list');
  return parsed.map((item: unknown, index) => {
    const post = read.object(item, `[${index}]`);
    return { seat: read.whole(post.seat, `[${index}].seat`, 1), live: read.amount(post.live, `[${index}].live`), dead: read.amount(post.dead, `[${index}].dead`) };
  });
}

export function feltRake(value: TomlValue | undefined, scale: number): RakeRule | null {
  const parsed = json(value, '_rake');
  if (parsed === undefined) return null;
  const read = new FieldReader('_rake');
  const rule = read.object(parsed);
  const basisPoints = read.whole(rule.basisPoints, 'basisPoints', 0);
  if (basisPoints > 10_000) read.refuse('basisPoints', 'at most 10000 (100 %)');
  const noFlopNoDrop = rule.noFlopNoDrop;
  if (typeof noFlopNoDrop !== 'boolean') return read.refuse('noFlopNoDrop', 'true or false');
  return { basisPoints, cap: fieldUnits(read.amount(rule.cap, 'cap'), '_rake cap', scale), noFlopNoDrop };
}

/**
 * A whole number of at least `least` from a TOML value (`_button_seat`, `_max_bets_per_round`, a seat of
 * `seats`); `what` names it in the refusal.
 */
export function wholeNumber(value: TomlValue, what: string, least: number): number {
  const number = typeof value === 'object' && value !== null && 'number' in value ? Number(value.number) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < least) throw new PhhError(`${what} must be a whole number of at least ${least}`);
  return number;
}

/** `wholeNumber` of one of Felt's plain fields, undefined when the file has none. */
export function feltWholeNumber(value: TomlValue | undefined, field: string, least: number): number | undefined {
  return value === undefined ? undefined : wholeNumber(value, `the field '${field}'`, least);
}

export function feltUncapped(value: TomlValue | undefined): UncapRule | undefined {
  if (value === undefined) return undefined;
  if (!isUncapRule(value)) throw new PhhError(`the field '_uncapped' must be ${UNCAP_WORDS}`);
  return value;
}
