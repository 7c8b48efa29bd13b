import { useCallback, useRef, useState } from 'react';

/**
 * Text for one polite live region (moves, additions, removals are announced to screen readers).
 * The same sentence twice in a row is still announced: the region is emptied first.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback((text: string) => {
    window.clearTimeout(timer.current);
    setMessage('');
    timer.current = window.setTimeout(() => setMessage(text), 50);
  }, []);
  return [message, announce];
}
