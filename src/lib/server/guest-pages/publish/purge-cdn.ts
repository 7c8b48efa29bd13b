import type { Config } from '../../platform/config.ts';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { ALL_GUEST_PAGES_TAG, tokenTag } from '../page-key.ts';

/**
 * The CDN purge hook (CDN_PURGE_URL, docs/decisions/007): `POST { "tags": [...] }` with the bearer
 * CDN_PURGE_TOKEN, off the request path. Tags asked for within BATCH_MS go in one call (a plan
 * change rebuilds every guidebook of a host), at most MAX_TAGS a call. A network error, a 429 or
 * a 5xx is retried after each of RETRY_DELAYS_MS; after the last, or on another 4xx, the failure
 * is logged at error: those pages then stay cached until s-maxage runs out (guest-cache.ts).
 */
const BATCH_MS = 50;
const MAX_TAGS = 30;
const TIMEOUT_MS = 5_000;
const RETRY_DELAYS_MS = [1_000, 4_000, 15_000];
/** runtime.close() waits this long at most for purges still under way. */
const DRAIN_MS = 5_000;

/** Tags waiting to be purged, and the purges under way (both bundles enqueue). */
const state = processSingleton('cdn-purges', () => ({ pending: new Set<string>(), timer: undefined as NodeJS.Timeout | undefined, inFlight: new Set<Promise<void>>() }));

/** Purges every variant of the guest pages of `tokens` (publish, rebuild, link regeneration, delete). */
export function purgeGuestPages(tokens: readonly string[]): void {
  enqueue(tokens.map(tokenTag));
}

/** Purges every guest page (a server starts: its build may render them differently). */
export function purgeAllGuestPages(): void {
  enqueue([ALL_GUEST_PAGES_TAG]);
}

function enqueue(tags: string[]): void {
  if (tags.length === 0) return;
  for (const tag of tags) state.pending.add(tag);
  if (state.timer) return;
  state.timer = setTimeout(() => void flush(), BATCH_MS);
  state.timer.unref();
}

async function flush(): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  const tags = [...state.pending];
  state.pending.clear();
  if (tags.length === 0) return;
  const { config, log } = await getRuntime();
  if (!config.cdn) return;
  for (let start = 0; start < tags.length; start += MAX_TAGS) {
    const sent = send(config.cdn, tags.slice(start, start + MAX_TAGS), log);
    state.inFlight.add(sent);
    void sent.finally(() => state.inFlight.delete(sent));
  }
}

async function send(cdn: NonNullable<Config['cdn']>, tags: string[], log: Logger): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cdn.purgeToken) headers.authorization = `Bearer ${cdn.purgeToken}`;
  for (let attempt = 0; ; attempt += 1) {
    let failure: string;
    try {
      const response = await fetch(cdn.purgeUrl, { method: 'POST', headers, body: JSON.stringify({ tags }), signal: AbortSignal.timeout(TIMEOUT_MS) });
      await response.body?.cancel();
      if (response.ok) {
        log.debug({ tags }, 'cdn: purged');
        return;
      }
      failure = `HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) {
        log.error({ tags, failure }, 'cdn: purge refused; these pages stay cached until s-maxage runs out');
        return;
      }
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      log.error({ tags, failure, attempts: attempt + 1 }, 'cdn: purge failed; these pages stay cached until s-maxage runs out');
      return;
    }
    log.warn({ tags, failure, retryInMs: delay }, 'cdn: purge failed, retrying');
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
  }
}

/** Sends what is waiting now and waits (DRAIN_MS at most) for the purges under way: at shutdown. */
export async function drainCdnPurges(): Promise<void> {
  if (state.pending.size > 0) await flush().catch(() => undefined);
  if (state.inFlight.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...state.inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS)))]);
  clearTimeout(timer);
}
