import { useCallback, useState } from 'react';
import { type Lang, defaultLang } from './i18n';

const KEY = 'felt.lang';

function stored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage may be off (private mode, a locked-down kiosk): the default still works
  }
}

/** The screen's language: remembered on this device, else from the browser's language. */
export function useLangSetting(): [Lang, (lang: Lang) => void] {
  const [lang, setLang] = useState<Lang>(() => defaultLang(stored(), window.navigator.language));
  const choose = useCallback((next: Lang) => {
    setLang(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // not remembered, still switched
    }
  }, []);
  return [lang, choose];
}
