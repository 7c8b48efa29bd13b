import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** docs/product.md §9: the sidebar is always open from 768 px up and a drawer below. */
export const WIDE_QUERY = '(min-width: 768px)';
