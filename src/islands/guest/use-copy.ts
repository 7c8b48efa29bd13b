import { useEffect, useRef, useState } from 'react';

/** How long "Password copied" shows (docs/product.md §9: the "Copy Password" toast of 1.5 s). */
export const COPIED_MS = 1500;

/**
 * Copies text and says so for COPIED_MS; without clipboard access (old browser, insecure origin)
 * it selects the text shown in `fallback` for a manual copy and says nothing.
 */
export function useCopy(): { copied: string; copy: (text: string, done: string, fallback?: HTMLElement | null) => Promise<void> } {
  const [copied, setCopied] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string, done: string, fallback?: HTMLElement | null): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      if (fallback) window.getSelection()?.selectAllChildren(fallback);
      return;
    }
    setCopied(done);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(''), COPIED_MS);
  }
  return { copied, copy };
}

/** False while the server-rendered HTML stands alone: controls that need JavaScript stay hidden. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
