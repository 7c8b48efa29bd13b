import { setTimeout as sleep } from 'node:timers/promises';
import type { PmsSystem } from '@shared/pms-systems.ts';
import { guardedFetch, SafeFetchError, type ResolveHost } from '../geo/safe-fetch.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { PmsError } from './pms-error.ts';

/**
 * The one HTTP client of pms/ (docs/decisions/029-pms-connectors.md §11, §12; docs/security.md 42):
 * a fixed base per system (an adapter's constant, or its `*_API_URL` override), no redirect ever
 * followed (a signed request or a token never goes to another host), 10 s per request, a 5 MB
 * answer cap, JSON only; one request a second per integration and at most 4 in flight per
 * server; a 429 waited out when the system says how long (at most 60 s), 5xx, timeouts and
 * network failures retried twice (0.5 s, 2 s, with jitter). Its errors carry the method, the
 * path, the status and a code, never a header, a query or a body. For a system's production host
 * (no `*_API_URL` override) the address connected is checked as the safe fetch checks it
 * (docs/security.md 19, 32; `guardedFetch`): a vendor's DNS is not ours, and an answer naming a
 * private or loopback address is refused before anything is sent, and not retried.
 */
export const PMS_TIMEOUT_MS = 10_000;
export const PMS_MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** The gap between two requests of one integration (Smoobu and Hostaway publish no limit, §12). */
export const PMS_PACE_MS = 1_000;
const MAX_IN_FLIGHT = 4;
const MAX_WAIT_MS = 60_000;
const RETRY_DELAYS_MS = [500, 2_000];

export interface PmsRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** The API path, starting with `/`, without the query. */
  path: string;
  /** Sent sorted and encoded as `canonicalQuery` spells it (what a signature covers). */
  query?: ReadonlyArray<readonly [string, string]>;
  /** Made again for each attempt (a signature's timestamp and nonce are fresh each time). */
  headers?: () => Record<string, string>;
  body?: string;
  /** Sees the headers of every answer, refusals too (Beds24's credits, §12); never logged. */
  onAnswer?: (headers: Headers) => void;
}

export interface PmsHttp {
  system: PmsSystem;
  /** Sends one request; answers the parsed JSON of a 2xx, else throws PmsError. */
  request(request: PmsRequest): Promise<unknown>;
}

/** RFC 3986 encoding (`encodeURIComponent` plus `!'()*`). */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The query as sent and as signed: pairs encoded, sorted by name then value, joined by `&`. */
export function canonicalQuery(pairs: ReadonlyArray<readonly [string, string]> = []): string {
  return pairs
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
}

const state = processSingleton('pms-http', () => ({ nextSlot: new Map<string, number>(), inFlight: 0, waiting: [] as Array<() => void> }));

/** Waits for the integration's next slot (one a second), then for one of the server's four. */
async function takeTurn(paceKey: string): Promise<() => void> {
  const now = Date.now();
  // Keys of integrations long idle are dropped now and then, so the map stays as small as the work.
  if (state.nextSlot.size > 1_000) for (const [key, at] of state.nextSlot) if (at < now) state.nextSlot.delete(key);
  const slot = Math.max(now, state.nextSlot.get(paceKey) ?? 0);
  state.nextSlot.set(paceKey, slot + PMS_PACE_MS);
  if (slot > now) await sleep(slot - now);
  if (state.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.inFlight += 1;
  return () => {
    state.inFlight -= 1;
    state.waiting.shift()?.();
  };
}

/** How long a 429 asks us to wait: `Retry-After` (seconds or a date) or Smoobu's `X-RateLimit-Retry-After` (a Unix time). */
function retryAfterMs(headers: Headers, now: number): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const at = Number.isFinite(seconds) ? now + seconds * 1000 : Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const unix = Number(headers.get('x-ratelimit-retry-after'));
  return Number.isFinite(unix) && unix > 0 ? Math.max(0, unix * 1000 - now) : null;
}

/** The body, at most PMS_MAX_ANSWER_BYTES; null past it (the rest is never read). */
async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > PMS_MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

/** The connected-address check (§11): on by default for the production hosts; tests inject DNS and the check. */
export interface PmsGuard {
  resolveHost?: ResolveHost;
  isBlocked?: (address: string) => boolean;
}

type Attempt = { done: true; value: unknown } | { done: false; transient: boolean; error: PmsError; waitMs?: number };

/**
 * The client for one system at `baseUrl`, paced by `paceKey` (the integration's id, or the team
 * and system while connecting).
 */
export function createPmsHttp(system: PmsSystem, baseUrl: string, paceKey: string, guard: PmsGuard | null = null): PmsHttp {
  async function attempt(request: PmsRequest): Promise<Attempt> {
    const where = { system, method: request.method, path: request.path, status: null as number | null };
    const query = canonicalQuery(request.query);
    const url = `${baseUrl}${request.path}${query ? `?${query}` : ''}`;
    const release = await takeTurn(paceKey);
    try {
      // 'manual': a 3xx comes back as itself and is refused below; nothing is followed.
      const headers = { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers?.() };
      const init = { method: request.method, headers, body: request.body, signal: AbortSignal.timeout(PMS_TIMEOUT_MS) };
      const response = guard ? await guardedFetch(url, init, guard) : await fetch(url, { ...init, redirect: 'manual' });
      where.status = response.status;
      request.onAnswer?.(response.headers);
      const ok = response.status >= 200 && response.status < 300 && /\bjson\b/i.test(response.headers.get('content-type') ?? '');
      // An answer not read is let go at once, so its connection is not held.
      if (!ok) await response.body?.cancel().catch(() => {});
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers, Date.now());
        return { done: false, transient: wait !== null && wait <= MAX_WAIT_MS, error: new PmsError('rate-limited', where, wait === null ? null : Date.now() + wait), waitMs: wait ?? undefined };
      }
      if (response.status >= 500) return { done: false, transient: true, error: new PmsError('unreachable', where) };
      if (response.status === 401 || response.status === 403) return { done: false, transient: false, error: new PmsError('bad-credentials', where) };
      if (response.status === 404) return { done: false, transient: false, error: new PmsError('not-found', where) };
      // Another status, a redirect (never followed) or an answer that is not JSON.
      if (!ok) return { done: false, transient: false, error: new PmsError('bad-answer', where) };
      const text = await readCapped(response);
      if (text === null) return { done: false, transient: false, error: new PmsError('bad-answer', where) };
      return { done: true, value: JSON.parse(text) as unknown };
    } catch (error) {
      if (error instanceof SyntaxError) return { done: false, transient: false, error: new PmsError('bad-answer', where) };
      // The host resolved to, or connected to, a blocked address: no retry makes that right.
      if (error instanceof SafeFetchError && error.reason === 'refused') return { done: false, transient: false, error: new PmsError('unreachable', where) };
      // A timeout, a refused connection, a reset: worth another try.
      return { done: false, transient: true, error: new PmsError('unreachable', where) };
    } finally {
      release();
    }
  }

  return {
    system,
    async request(request) {
      for (let retry = 0; ; retry += 1) {
        const result = await attempt(request);
        if (result.done) return result.value;
        if (!result.transient || retry >= RETRY_DELAYS_MS.length) throw result.error;
        const delay = result.waitMs ?? RETRY_DELAYS_MS[retry]! * (0.75 + Math.random() / 2);
        await sleep(delay);
      }
    },
  };
}
