import { describe, expect, it } from 'vitest';
import { DICTIONARIES, defaultLang } from '../../renderer/src/i18n';

/** Every leaf of a dictionary as text: functions called with sample arguments (a list of seats where one is wanted). */
const sample = (key: string): unknown[] => (key === 'eligible' ? [[1, 4]] : [7, 9]);

function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (typeof value === 'function') found.set(path, String((value as (...args: unknown[]) => unknown)(...sample(path))));
  else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${path}[${index}]`).forEach((text, key) => found.set(key, text)));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) leaves(item, path === '' ? key : `${path}.${key}`).forEach((text, inner) => found.set(inner, text));
  return found;
}

describe('the dictionaries', () => {
  it('have the same labels in English and German, none empty but the deliberately silent statuses', () => {
    const en = leaves(DICTIONARIES.en);
    const de = leaves(DICTIONARIES.de);
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    const silent = new Set(['status.active', 'status.out-of-hand']);
    for (const [key, text] of [...en, ...de]) if (!silent.has(key)) expect(text, key).not.toBe('');
  });

  it('translate the action words', () => {
    expect(DICTIONARIES.de.fold).toBe('Passen');
    expect(DICTIONARIES.de.raiseTo(60)).toBe('Erhöhen auf 60');
    expect(DICTIONARIES.en.raiseTo(60)).toBe('Raise to 60');
  });

  it('say a stack at or above the maximum, a straddle of 0 for none, and a voided hand, in both languages', () => {
    expect(DICTIONARIES.en.topUpAtMax(1000)).toBe('The stack is at or above the table’s maximum of 1,000: no top-up');
    expect(DICTIONARIES.de.topUpAtMax(1000)).toBe('Der Stack ist am oder über dem Tischmaximum von 1.000: kein Aufstocken');
    expect(DICTIONARIES.de.setupFields.straddle).toBe('Straddle (0 = keiner)');
    expect([DICTIONARIES.en.handNumber(3, true), DICTIONARIES.en.handNumber(3)]).toEqual(['#3 (void)', '#3']);
    expect([DICTIONARIES.de.handNumber(3, true), DICTIONARIES.de.replayTitle(3, true)]).toEqual(['Nr. 3 (ungültig)', 'Wiedergabe von Hand 3 (ungültig)']);
  });

  it('default to German for a German system, else English, unless one was chosen', () => {
    expect(defaultLang(null, 'de-AT')).toBe('de');
    expect(defaultLang(null, 'en-GB')).toBe('en');
    expect(defaultLang(null, undefined)).toBe('en');
    expect(defaultLang('en', 'de-DE')).toBe('en');
    expect(defaultLang('fr', 'de-DE')).toBe('de');
  });
});
