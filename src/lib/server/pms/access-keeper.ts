import type { AccessKeeper, AccessToken, PmsSystem } from './adapter.ts';
import { PmsError } from './pms-error.ts';

/**
 * An access token kept for one turn (docs/decisions/029-pms-connectors.md §3, §12): the one held
 * or stored while it has 5 minutes left, else a new one; after a refusal, one new token a turn.
 * Where it is stored is the caller's (access.ts: the row's sealed `access` slot).
 */
const MARGIN_MS = 5 * 60_000;

export interface Slot {
  load(): Promise<AccessToken | null>;
  save(token: AccessToken): Promise<void>;
}

/** A keeper minting with `mint`; with a `slot`, the token is read from and written to it. */
export function accessKeeper(system: PmsSystem, mint: () => Promise<AccessToken>, slot?: Slot): AccessKeeper {
  let held: AccessToken | null = null;
  let renewed = false;
  const usable = (token: AccessToken | null): token is AccessToken => token !== null && token.expiresAt - MARGIN_MS > Date.now();
  async function mintOne(): Promise<string> {
    held = await mint();
    await slot?.save(held);
    return held.token;
  }
  return {
    async current() {
      if (usable(held)) return held.token;
      const stored = (await slot?.load()) ?? null;
      if (usable(stored)) return (held = stored).token;
      return mintOne();
    },
    async fresh() {
      // One new token a turn: refused again, the refresh token itself no longer counts.
      if (renewed) throw new PmsError('bad-credentials', { system, method: 'GET', path: 'access token', status: null });
      renewed = true;
      return mintOne();
    },
    async kept() {
      if (held) return held.token;
      return (await slot?.load())?.token ?? null;
    },
  };
}
