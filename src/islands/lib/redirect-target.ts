import { afterLoginPath } from '@shared/safe-redirect.ts';

/** Where to go once signed in on this page: its `?redirect=`, the checkout of its `?plan=`, or /dashboard. */
export function redirectTarget(): string {
  return afterLoginPath(new URLSearchParams(window.location.search), window.location.origin);
}
