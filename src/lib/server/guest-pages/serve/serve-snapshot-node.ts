import type { IncomingMessage, ServerResponse } from 'node:http';
import { isNotModified, notModifiedHeaders } from '../../http/negotiate.ts';
import { queryCounter } from './query-counter.ts';
import { RENDER_HEADER } from '../publish/rebuild-snapshots.ts';
import { guestPageKey, parseGuestPageUrl, type GuestPageKey } from '../page-key.ts';
import type { PageLanguage } from '@shared/guest-page-key.ts';
import { countPageOpen, isGuestOpen } from '../../insights/view-counts.ts';
import { negotiateLanguage, servedLanguage } from './negotiate-language.ts';
import { findFreshSnapshotInMemory, NEGOTIATED_VARY, snapshotHeaders } from './serve-guest-page.ts';
import { testHeaders } from './test-headers.ts';
import type { Encoding, Snapshot } from '../store/snapshot-store.ts';

interface FastPathOptions {
  /** The baseline headers every response carries (scripts/serve.mjs sets them on the others). */
  securityHeaders: Record<string, string>;
  /** CDN_PURGE_URL is set: a CDN may keep guest pages a few minutes (guest-pages/serve/cache-headers.ts). */
  purgeable: boolean;
}

/** A response's headers as the flat [name, value, …] list `writeHead` takes without merging. */
interface Prepared {
  ok: string[];
  notModified: string[];
}

/**
 * The guest page's fast path (target: at least 0.9 of a bare node:http server sending the same
 * bytes and headers; docs/performance.md, "Guest page against node:http"): scripts/serve.mjs asks
 * it first for every request. A fresh snapshot held in memory is written straight to the socket,
 * synchronously, with header lists prepared once per snapshot; it answers false for anything else
 * (another path, a snapshot not in memory yet, one from another build), and Astro's middleware
 * answers that from the store or renders it (docs/decisions/007).
 * No SQLite, no session, no promise, no per-request log on this path; a guest's open is counted in memory.
 */
export function createSnapshotFastPath({ securityHeaders, purgeable }: FastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Keyed by the snapshot object: a rewrite stores a new object, so stale lists are never used.
  // `negotiated`: answered at `/instruction/<token>`, whose language Accept-Language chose.
  const prepared = new Map<string, WeakMap<Snapshot, Prepared>>();
  const prepare = (snapshot: Snapshot, encoding: Encoding, { token }: GuestPageKey, negotiated: boolean): Prepared => {
    const kind = negotiated ? `${encoding}+lang` : encoding;
    let byEncoding = prepared.get(kind);
    if (!byEncoding) prepared.set(kind, (byEncoding = new WeakMap()));
    let lists = byEncoding.get(snapshot);
    if (!lists) {
      // The page's own headers win over the baseline (e.g. referrer-policy: no-referrer).
      const ok = { ...securityHeaders, ...snapshotHeaders(snapshot, encoding, 'hit', { token, purgeable }), ...(negotiated ? { vary: NEGOTIATED_VARY } : {}) };
      lists = { ok: Object.entries(ok).flat(), notModified: Object.entries(notModifiedHeaders(ok)).flat() };
      byEncoding.set(snapshot, lists);
    }
    return lists;
  };
  // Tests only (NODE_ENV=test): the counter installed by workers.ts, decided once, not per request.
  const counter = queryCounter();

  return function answerFromSnapshot(req, res) {
    // The server's own rebuild request (rebuild-snapshots.ts) goes to the route, never to memory.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers[RENDER_HEADER] !== undefined) return false;
    const url = req.url ?? '/';
    // The query is read, not stripped: `?lang=fr` is another page than the main one.
    const query = url.indexOf('?');
    const page = query === -1 ? parseGuestPageUrl(url, '') : parseGuestPageUrl(url.slice(0, query), url.slice(query + 1));
    if (!page) return false;
    const accept = req.headers['accept-encoding'] ?? null;
    const negotiated = page.variant === null;
    let variant = page.variant;
    const find = () => {
      const main = findFreshSnapshotInMemory(page, accept);
      if (!main || !negotiated) return main;
      // No language in the URL: the browser's, when the page speaks it (the offered list is in the main page's header).
      variant = negotiateLanguage(req.headers['accept-language'], main.snapshot.header.languages) as PageLanguage | null;
      return variant ? findFreshSnapshotInMemory(guestPageKey(page.token, variant), accept) : main;
    };
    let fresh;
    let queries: number | undefined;
    if (counter) ({ result: fresh, queries } = counter.count(find));
    else fresh = find();
    if (!fresh) return false;

    const { snapshot } = fresh;
    // The page varies by the browser's languages (even in one language: the page's own words follow them).
    const lists = prepare(snapshot, fresh.encoding, page, negotiated && Boolean(snapshot.header.languages?.length));
    const notModified = isNotModified(req.headers['if-none-match'] ?? null, snapshot.header.etag);
    const headers = notModified ? lists.notModified : lists.ok;
    res.writeHead(notModified ? 304 : 200, queries === undefined ? headers : [...headers, ...testHeaders(queries)]);
    res.end(notModified || req.method === 'HEAD' ? undefined : snapshot.body);
    // A number in memory (insights/view-counts.ts): still no query on this path.
    if (isGuestOpen(req.method, req.headers)) countPageOpen(page.token, servedLanguage(variant, snapshot.header.languages));
    return true;
  };
}
