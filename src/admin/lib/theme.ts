import { useSyncExternalStore } from 'react';

/**
 * Dark/light mode of the dashboard (stored in this browser). Until the host chooses one in the
 * theme switch it follows the browser's `prefers-color-scheme`, live; once chosen, the stored
 * choice wins. The `dark` class on <html> switches the colour tokens (src/styles/global.css); the
 * shell's inline script sets it before the first paint (src/admin/shell/theme-script.ts).
 */
export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function storedChoice(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

function browserTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

const inBrowser = typeof window !== 'undefined';
let choice: Theme | null = inBrowser ? storedChoice() : null;
let current: Theme = choice ?? (inBrowser ? browserTheme() : 'dark');

function notify() {
  for (const listener of listeners) listener();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function setTheme(theme: Theme): void {
  choice = theme;
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; still applied for this visit.
  }
  applyTheme(theme);
  notify();
}

// The browser's setting changes (the system went dark at sunset): followed while nothing is chosen.
if (inBrowser && typeof matchMedia === 'function') {
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (choice !== null) return;
    current = browserTheme();
    applyTheme(current);
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current, () => 'dark');
}
