import { useEffect } from 'react';
import { wedgePress } from '../../../drivers/panel/keyboard-wedge';
import { useCore } from './core-context';

/**
 * The keypad that types into the screen as a keyboard (the keyboard wedge): its keys become the button
 * panel's presses, which the core maps to the table's commands exactly as a USB panel's. Not while a
 * dialog is open or a field has the focus: there the keys type.
 */
export function useKeyboardWedge(active: boolean): void {
  const core = useCore();
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const press = wedgePress(event);
      if (press === null) return;
      // F1 (help), F12 (developer tools) and Backspace (back) must not reach the browser.
      event.preventDefault();
      void core.request('panel-press', { press });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [core, active]);
}
