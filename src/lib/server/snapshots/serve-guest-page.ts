import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_TOKEN } from '@shared/demo.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { guestCacheHeaders } from '../cdn/guest-cache.ts';
import { getRuntime } from '../runtime.ts';
import { currentBuildId } from './build-id.ts';
import { remoteRender, renderingElsewhere } from './remote-changes.ts';
import { queryCounter } from './query-counter.ts';
import { encodeSnapshot, forgetIfChangedElsewhere, parseSourceHeader, peekSnapshot, readSnapshot, SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_SOURCE_HEADER, writeSnapshot, type Encoding, type Snapshot } from './snapshot-store.ts';
import { isNotModified, negotiate, notModifiedHeaders } from '../http/negotiate.ts';
import { isRenderRequest, pendingRebuilds } from './rebuild-snapshots.ts';
import { currentWriteEpoch } from './write-epoch.ts';

/** Headers every guest page carries (SECURITY.md 15: the token must not leak through Referer). */
export const GUEST_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

/**
 * How a guest answer may be cached (cdn/guest-cache.ts): browsers revalidate on every open (a
 * cheap 304), so a publish shows at once (SPEC §9: preview not cached); a CDN keeps the page a
 * few minutes only when the purge hook is configured (`purgeable`, CDN_PURGE_URL).
 */
export interface CachePolicy {
  token: string;
  purgeable: boolean;
}

/** The token a guest path names: `/instruction` is the demo (SPEC §2), `/instruction/<token>`. */
export function guestToken(pathname: string): string | null {
  if (pathname === '/instruction' || pathname === '/instruction/') return DEMO_TOKEN;
  const match = /^\/instruction\/([^/]+)\/?$/.exec(pathname);
  return match && GUEST_TOKEN.test(match[1]!) ? match[1]! : null;
}

/** How long a guest miss waits for the page another server is rendering before rendering it here. */
const REMOTE_RENDER_WAIT_MS = 3_000;

/** Renders in flight per token: a burst of guests after a publish renders the page once. */
const pending = new Map<string, Promise<Record<Encoding, Snapshot> | null>>();

/**
 * The guest page from its snapshot, without touching SQLite; on a miss (none stored, or stored
 * by another build) the real route renders from SQLite (`render`), and its HTML and CSP header
 * are stored for the next guest. docs/decisions/007-guest-snapshots.md.
 */
export async function serveGuestPage(request: Request, pathname: string, render: () => Promise<Response>): Promise<Response> {
  const token = guestToken(pathname);
  // The server's own rebuild after a publish (rebuild-snapshots.ts) wants the page as rendered now.
  if (!token || (request.method !== 'GET' && request.method !== 'HEAD') || isRenderRequest(request)) return render();
  const counter = queryCounter();
  if (!counter) return answer(request, token, render);
  const { result, queries } = await counter.countAsync(() => answer(request, token, render));
  const [queriesName, queriesValue, rebuildsName, rebuildsValue] = testHeaders(queries);
  result.headers.set(queriesName, queriesValue);
  result.headers.set(rebuildsName, rebuildsValue);
  return result;
}

/**
 * Tests only (NODE_ENV=test): the SQLite statements this guest request ran, and the rebuilds
 * still under way, so a test can tell a snapshot hit from a render and wait for a publish.
 */
export function testHeaders(queries: number): [string, string, string, string] {
  return ['x-sqlite-queries', String(queries), 'x-snapshot-rebuilds', String(pendingRebuilds())];
}

/**
 * The stored page for a guest request when it is fresh (made by this build), else null. Shared by
 * the Astro route path below and the Node fast path (serve-snapshot-node.ts).
 */
export async function findFreshSnapshot(token: string, acceptEncoding: string | null): Promise<{ snapshot: Snapshot; encoding: Encoding } | null> {
  const encoding = negotiate(acceptEncoding);
  const stored = await readSnapshot(token, encoding);
  return stored && isFresh(stored) ? { snapshot: stored, encoding } : null;
}

/** Made by this build, and not past the time its content stops being right. */
function isFresh({ header }: Snapshot): boolean {
  return header.buildId === currentBuildId() && (header.expiresAt === null || header.expiresAt === undefined || Date.now() < header.expiresAt);
}

/** The same, from the in-memory copy alone and synchronously; null on a miss there. */
export function findFreshSnapshotInMemory(token: string, acceptEncoding: string | null): { snapshot: Snapshot; encoding: Encoding } | null {
  const encoding = negotiate(acceptEncoding);
  const stored = peekSnapshot(token, encoding);
  return stored && isFresh(stored) ? { snapshot: stored, encoding } : null;
}

async function answer(request: Request, token: string, render: () => Promise<Response>): Promise<Response> {
  const policy: CachePolicy = { token, purgeable: Boolean((await getRuntime()).config.cdn) };
  let fresh = await findFreshSnapshot(token, request.headers.get('accept-encoding'));
  // Another server is rendering this page after a publish (docs/decisions/012): its page, not a
  // second render, answers, unless it takes longer than a guest should wait.
  if (!fresh && renderingElsewhere(token)) {
    await Promise.race([remoteRender(token), sleep(REMOTE_RENDER_WAIT_MS)]);
    fresh = await findFreshSnapshot(token, request.headers.get('accept-encoding'));
  }
  if (fresh) return respond(request, fresh.snapshot, fresh.encoding, 'hit', policy);
  const encoding = negotiate(request.headers.get('accept-encoding'));
  const buildId = currentBuildId();

  let shared = pending.get(token);
  if (shared) {
    const snapshots = await shared;
    if (snapshots) return respond(request, snapshots[encoding], encoding, 'miss', policy);
  }
  let response: Response | undefined;
  shared = (async () => {
    const epoch = currentWriteEpoch(token);
    response = await render();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html')) return null;
    const html = new Uint8Array(await response.arrayBuffer());
    const expires = Number(response.headers.get(SNAPSHOT_EXPIRES_HEADER));
    const expiresAt = Number.isFinite(expires) && expires > 0 ? expires : null;
    const snapshots = await encodeSnapshot(html, { csp: response.headers.get('content-security-policy'), buildId, expiresAt, source: parseSourceHeader(response.headers.get(SNAPSHOT_SOURCE_HEADER)) });
    // A write during the render (here or in another process) may have removed what this render
    // read: answer, do not store.
    forgetIfChangedElsewhere();
    if (epoch === currentWriteEpoch(token)) {
      // Not stored (a bucket outage): the guest still gets the page, and memory keeps it.
      await writeSnapshot(token, snapshots).catch(async (error: unknown) => {
        (await getRuntime()).log.warn({ err: error, token: token.slice(0, 4) }, 'snapshot not stored: answered from this render');
      });
    }
    return snapshots;
  })();
  pending.set(token, shared);
  try {
    const snapshots = await shared;
    if (snapshots) return respond(request, snapshots[encoding], encoding, 'miss', policy);
    // Not a page (404, error): answered as rendered, never stored.
    const headers = new Headers(response!.headers);
    for (const [name, value] of Object.entries(GUEST_HEADERS)) headers.set(name, value);
    headers.set('cache-control', 'no-store');
    return new Response(response!.body, { status: response!.status, headers });
  } finally {
    if (pending.get(token) === shared) pending.delete(token);
  }
}

/** Response headers of a snapshot answer, whichever server writes them. */
export function snapshotHeaders({ header, body }: Snapshot, encoding: Encoding, state: 'hit' | 'miss', policy: CachePolicy): Record<string, string> {
  return {
    ...GUEST_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    ...guestCacheHeaders({ ...policy, expiresAt: header.expiresAt }),
    etag: header.etag,
    vary: 'Accept-Encoding',
    'x-snapshot': state,
    ...(header.csp ? { 'content-security-policy': header.csp } : {}),
    ...(encoding === 'html' ? {} : { 'content-encoding': encoding === 'br' ? 'br' : 'gzip' }),
    'content-length': String(body.byteLength),
  };
}


function respond(request: Request, snapshot: Snapshot, encoding: Encoding, state: 'hit' | 'miss', policy: CachePolicy): Response {
  const headers = snapshotHeaders(snapshot, encoding, state, policy);
  if (isNotModified(request.headers.get('if-none-match'), snapshot.header.etag)) return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  return new Response(request.method === 'HEAD' ? null : (snapshot.body as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

