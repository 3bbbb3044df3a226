/**
 * Exact conversion between decimal amounts as written in hand histories (`0.50`, `13.75`, `200`) and
 * integer chip units. A hand's scale is the most decimal places any of its amounts uses: 13.75 at
 * scale 2 is 1,375 units. No floating point is involved in either direction.
 */
export function decimalPlaces(literal: string): number {
  const dot = literal.indexOf('.');
  return dot < 0 ? 0 : literal.length - dot - 1;
}

export function toUnits(literal: string, scale: number): number {
  const match = /^\+?(\d+)(?:\.(\d+))?$/.exec(literal);
  if (match === null) throw new RangeError(`'${literal}' is not an amount (a non-negative decimal number)`);
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) throw new RangeError(`'${literal}' has more than ${scale} decimal places`);
  const units = Number(whole + fraction.padEnd(scale, '0'));
  if (!Number.isSafeInteger(units)) throw new RangeError(`'${literal}' is too large`);
  return units;
}

export function fromUnits(units: number, scale: number): string {
  if (scale === 0) return String(units);
  const digits = String(units).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
