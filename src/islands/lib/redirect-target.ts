import { safeRedirectPath } from '@shared/safe-redirect.ts';

/** The redirect target of the current page's `?redirect=`. */
export function redirectTarget(): string {
  return safeRedirectPath(new URLSearchParams(window.location.search).get('redirect'), window.location.origin);
}
