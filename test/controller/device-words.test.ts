import { describe, expect, it } from 'vitest';
import type { Disconnection } from '../../drivers/device-connection.js';
import { disconnectionWords } from '../../src/controller/device-words.js';

/** A device that is not connected, as the croupier reads it: what to check or whom to call, in both languages. */
describe('device words', () => {
  const reasons: Disconnection[] = [{ reason: 'not-plugged-in' }, { reason: 'went-away' }, { reason: 'several-plugged-in' }, { reason: 'software-missing', missing: 'node-hid' }, { reason: 'cannot-open' }];

  it.each(reasons)('names $reason in English and German, each different', (why) => {
    const words = disconnectionWords(why);
    expect(words.en).not.toBe('');
    expect(words.de).not.toBe('');
    expect(words.de).not.toBe(words.en);
  });

  it('names missing software as software, which may be a module of Felt as well as a system package', () => {
    expect(disconnectionWords({ reason: 'software-missing', missing: 'node-hid' })).toEqual({
      en: 'the software node-hid is missing on this machine: call a technician',
      de: 'die Software node-hid fehlt auf diesem Rechner: Techniker rufen',
    });
  });
});
