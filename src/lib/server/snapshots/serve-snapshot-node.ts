import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRuntime } from '../runtime.ts';
import { countQueries, installQueryCounter } from './query-counter.ts';
import { findFreshSnapshot, guestToken, isNotModified, notModifiedHeaders, snapshotHeaders } from './serve-guest-page.ts';

/**
 * The guest page's fast path (issue: snapshot throughput ≥ 0.7 of a static server): scripts/serve.mjs
 * asks this before handing a request to Astro. A fresh snapshot is written straight to the socket;
 * anything else (a miss, a stale build, another path) returns false and Astro's route renders it.
 * No SQLite, no session, no per-request log on this path.
 */
export async function answerFromSnapshot(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '/').split('?')[0]!;
  const token = guestToken(pathname);
  if (!token) return false;
  const accept = req.headers['accept-encoding'] ?? null;

  const { config, sqlite } = await getRuntime();
  let queries: number | undefined;
  let fresh;
  if (config.raw.NODE_ENV === 'test') {
    // Test-only proof that the fast path never touches SQLite (query-counter.ts).
    installQueryCounter(sqlite);
    ({ result: fresh, queries } = await countQueries(() => findFreshSnapshot(token, accept)));
  } else {
    fresh = await findFreshSnapshot(token, accept);
  }
  if (!fresh) return false;

  const headers = snapshotHeaders(fresh.snapshot, fresh.encoding, 'hit');
  if (queries !== undefined) headers['x-sqlite-queries'] = String(queries);
  if (isNotModified(req.headers['if-none-match'] ?? null, fresh.snapshot.header.etag)) {
    res.writeHead(304, notModifiedHeaders(headers));
    res.end();
  } else {
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : fresh.snapshot.body);
  }
  return true;
}
