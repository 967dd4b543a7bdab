// The back-office's language outside react-admin's own state, so the emotion cache (right-to-left CSS via
// stylis-plugin-rtl) and the MUI theme's direction can follow it: MUI mirrors margins, paddings, icons and
// positions only when both are set. The switch in the top bar updates both this store and react-admin.
import { useSyncExternalStore } from 'react';
import { saveLocale, type Lang as Locale } from '../../lib/locale';
import { storedLocale } from './index';

let current: Locale = storedLocale();
const listeners = new Set<() => void>();

export function setAppLocale(next: Locale) {
  current = next;
  saveLocale(next);
  listeners.forEach((l) => l());
}

export function useAppLocale(): Locale {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
