import type { Disconnection } from '../../drivers/device-connection.js';
import type { Words } from '../evaluator/words.js';

/**
 * A device that is not connected, in the croupier's words and both languages: what to check, or whom to
 * call — never a USB id, a path or the system's error, which mean nothing at the table.
 */
export function disconnectionWords(why: Disconnection): Words {
  switch (why.reason) {
    case 'not-plugged-in':
      return { en: 'not found: is it plugged in and switched on?', de: 'nicht gefunden: eingesteckt und eingeschaltet?' };
    case 'went-away':
      return { en: 'connection lost: is it plugged in and switched on?', de: 'Verbindung verloren: eingesteckt und eingeschaltet?' };
    case 'several-plugged-in':
      return { en: 'more than one device of this kind is plugged in: call a technician', de: 'mehr als ein Gerät dieser Art ist eingesteckt: Techniker rufen' };
    case 'software-missing':
      return { en: `the software ${why.missing} is missing on this machine: call a technician`, de: `die Software ${why.missing} fehlt auf diesem Rechner: Techniker rufen` };
    case 'cannot-open':
      return { en: 'cannot be opened: call a technician', de: 'lässt sich nicht öffnen: Techniker rufen' };
  }
}

/** A device's line lost while it was in use (the mappings' `disconnected` event), in the croupier's words. */
export const LINE_LOST: Words = disconnectionWords({ reason: 'went-away' });
