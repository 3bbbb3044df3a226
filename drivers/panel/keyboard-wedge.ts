import type { PanelButton, PanelKey, PanelPress } from './panel-protocol.js';

/**
 * The keyboard-wedge keypad: the alternative to the USB HID panel, a keypad that types into the croupier
 * screen as a USB keyboard. The renderer passes its `keydown` events here and gets the same presses the
 * HID panel gives (docs/protocols.md, "Button panel", "Keyboard wedge"). Pure and free of Node: it runs
 * in the renderer.
 *
 * Layout: F1 fold, F2 check/call, F3 bet/raise, F4 all-in, Enter (and the keypad's Enter) confirm, F9
 * undo, F12 call floor, Backspace and Delete delete, Escape clear, 0–9 on the top row or the keypad.
 * Keypad digits are read by `code` too, so a keypad with NumLock off (which types End, ArrowDown, …)
 * still types digits.
 */

/** The part of a browser `KeyboardEvent` the wedge reads. */
export type WedgeKeyEvent = {
  readonly key: string;
  readonly code?: string;
  /** An auto-repeat while the key is held: holding is one press, as on the HID panel. */
  readonly repeat?: boolean;
  /** With a modifier it is a shortcut (Alt+F4, Ctrl+F1), not a keypad key. */
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
};

export const WEDGE_BUTTONS: Readonly<Record<string, PanelButton>> = {
  F1: 'fold',
  F2: 'check-call',
  F3: 'bet-raise',
  F4: 'all-in',
  Enter: 'confirm',
  F9: 'undo',
  F12: 'call-floor',
};

export const WEDGE_KEYS: Readonly<Record<string, PanelKey>> = {
  Backspace: 'delete',
  Delete: 'delete',
  Escape: 'clear',
};

const DIGIT = /^[0-9]$/;
const NUMPAD_DIGIT = /^Numpad([0-9])$/;

/** The press a key event means, or null for a key the panel does not use. */
export function wedgePress(event: WedgeKeyEvent): PanelPress | null {
  if (event.repeat === true || event.ctrlKey === true || event.altKey === true || event.metaKey === true) return null;
  const numpad = NUMPAD_DIGIT.exec(event.code ?? '');
  if (numpad !== null) return { type: 'key', key: numpad[1] as PanelKey };
  if (DIGIT.test(event.key)) return { type: 'key', key: event.key as PanelKey };
  // Own properties only: `key` comes from outside ('constructor' is no button).
  if (Object.hasOwn(WEDGE_BUTTONS, event.key)) {
    const button = WEDGE_BUTTONS[event.key];
    if (button !== undefined) return { type: 'button', button };
  }
  if (Object.hasOwn(WEDGE_KEYS, event.key)) {
    const key = WEDGE_KEYS[event.key];
    if (key !== undefined) return { type: 'key', key };
  }
  return null;
}
