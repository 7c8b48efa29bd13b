import { useSyncExternalStore } from 'react';

/**
 * Dark/light preference of the dashboard (SPEC §3: stored locally, dark by default). The `dark`
 * class on <html> switches the colour tokens (src/styles/global.css).
 */
export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();

function read(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

let current: Theme = typeof localStorage === 'undefined' ? 'dark' : read();

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; still applied for this visit.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current, () => 'dark');
}
