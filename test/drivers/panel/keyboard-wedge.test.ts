import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wedgePress, type WedgeKeyEvent } from '../../../drivers/panel/keyboard-wedge.js';
import type { PanelPress } from '../../../drivers/panel/panel-protocol.js';

/** The layout of docs/protocols.md, "Button panel", "Keyboard wedge": key (and code) → press. */
const LAYOUT: readonly (readonly [WedgeKeyEvent, PanelPress])[] = [
  [{ key: 'F1', code: 'F1' }, { type: 'button', button: 'fold' }],
  [{ key: 'F2', code: 'F2' }, { type: 'button', button: 'check-call' }],
  [{ key: 'F3', code: 'F3' }, { type: 'button', button: 'bet-raise' }],
  [{ key: 'F4', code: 'F4' }, { type: 'button', button: 'all-in' }],
  [{ key: 'Enter', code: 'Enter' }, { type: 'button', button: 'confirm' }],
  [{ key: 'Enter', code: 'NumpadEnter' }, { type: 'button', button: 'confirm' }],
  [{ key: 'F9', code: 'F9' }, { type: 'button', button: 'undo' }],
  [{ key: 'F12', code: 'F12' }, { type: 'button', button: 'call-floor' }],
  [{ key: 'Backspace', code: 'Backspace' }, { type: 'key', key: 'delete' }],
  [{ key: 'Delete', code: 'Delete' }, { type: 'key', key: 'delete' }],
  [{ key: 'Escape', code: 'Escape' }, { type: 'key', key: 'clear' }],
  ...Array.from({ length: 10 }, (_, digit): readonly [WedgeKeyEvent, PanelPress] => [{ key: String(digit), code: `Digit${digit}` }, { type: 'key', key: String(digit) as '0' }]),
  ...Array.from({ length: 10 }, (_, digit): readonly [WedgeKeyEvent, PanelPress] => [{ key: String(digit), code: `Numpad${digit}` }, { type: 'key', key: String(digit) as '0' }]),
];

describe('the keyboard-wedge keypad (docs/protocols.md, "Button panel", "Keyboard wedge")', () => {
  it.each(LAYOUT.map(([event, press]) => [`${event.key} (${event.code ?? ''})`, event, press] as const))('maps %s', (_, event, press) => {
    expect(wedgePress(event)).toEqual(press);
    // Without a code (an older browser, a test) the key alone decides.
    expect(wedgePress({ key: event.key })).toEqual(press);
  });

  it('reads keypad digits by code, so a keypad with NumLock off still types digits', () => {
    expect(wedgePress({ key: 'End', code: 'Numpad1' })).toEqual({ type: 'key', key: '1' });
    expect(wedgePress({ key: 'Insert', code: 'Numpad0' })).toEqual({ type: 'key', key: '0' });
    expect(wedgePress({ key: 'PageUp', code: 'Numpad9' })).toEqual({ type: 'key', key: '9' });
  });

  it.each(['a', 'A', 'F5', 'F10', 'F11', 'Tab', ' ', 'Shift', 'ArrowUp', '+', '.', 'Dead', 'Unidentified', '', '10', 'constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'gives null for %j, a key the panel does not use',
    (key) => {
      expect(wedgePress({ key })).toBeNull();
      expect(wedgePress({ key, code: 'KeyQ' })).toBeNull();
    },
  );

  it('gives null for an auto-repeat (holding is one press) and for a shortcut with a modifier', () => {
    expect(wedgePress({ key: 'F1', repeat: true })).toBeNull();
    expect(wedgePress({ key: '5', code: 'Numpad5', repeat: true })).toBeNull();
    expect(wedgePress({ key: 'F4', altKey: true })).toBeNull();
    expect(wedgePress({ key: 'F1', ctrlKey: true })).toBeNull();
    expect(wedgePress({ key: 'Enter', metaKey: true })).toBeNull();
    expect(wedgePress({ key: 'F1', repeat: false, ctrlKey: false, altKey: false, metaKey: false })).toEqual({ type: 'button', button: 'fold' });
  });

  it('imports nothing from Node, nor anything at run time: the renderer loads it', () => {
    const imports = (file: string): string[] => [...readFileSync(new URL(`../../../drivers/panel/${file}`, import.meta.url), 'utf8').matchAll(/^import .*$/gm)].map((match) => match[0]);
    expect(imports('keyboard-wedge.ts')).toEqual(["import type { PanelButton, PanelKey, PanelPress } from './panel-protocol.js';"]);
    expect(imports('panel-protocol.ts')).toEqual([]);
  });
});
