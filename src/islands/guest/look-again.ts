import { useEffect, useRef } from 'react';

/** How often the access island asks again while a stay's door code is being set (docs/decisions/030-smart-locks.md §8). */
export const LOOK_AGAIN_MS = 10 * 60_000;

/** The next look: in 10 minutes, or just after `lookAgainAt` (the deadline the answer named) when that comes sooner. */
export function nextLookAt(lookAgainAt: string | null, now: number): number {
  const at = lookAgainAt ? Date.parse(lookAgainAt) : Number.NaN;
  return Math.min(now + LOOK_AGAIN_MS, at > now ? at + 1_000 : Number.POSITIVE_INFINITY);
}

/**
 * While the secrets API answers that the stay's own code is being set (`waiting`, the answer's
 * `doorCode`), asks again (`ask`) at the next look, while the page is open and visible: no timer
 * runs while it is hidden, and a look that fell due meanwhile is made as soon as it is shown again.
 * Each answer is a new `waiting` (or null once the code is there), which starts the next wait.
 */
export function useLookAgain(waiting: { lookAgainAt: string | null } | null, ask: () => void): void {
  const asking = useRef(ask);
  asking.current = ask;
  useEffect(() => {
    if (!waiting) return undefined;
    const dueAt = nextLookAt(waiting.lookAgainAt, Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = undefined;
      if (document.visibilityState !== 'visible') return;
      timer = setTimeout(() => asking.current(), Math.max(0, dueAt - Date.now()));
    };
    arm();
    document.addEventListener('visibilitychange', arm);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, [waiting]);
}
