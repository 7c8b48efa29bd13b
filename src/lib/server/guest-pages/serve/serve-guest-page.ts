import { setTimeout as sleep } from 'node:timers/promises';
import { isNotModified, negotiate, notModifiedHeaders } from '../../http/negotiate.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { GUEST_HEADERS, parseExpiresHeader, parseLanguagesHeader, parseSourceHeader, SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_LANGUAGES_HEADER, SNAPSHOT_SOURCE_HEADER } from '../page-headers.ts';
import { guestPageKey, guestPagePath, pageId, parseGuestPageUrl, type GuestPageKey } from '../page-key.ts';
import type { PageLanguage } from '@shared/guest-page-key.ts';
import { isRenderRequest } from '../publish/rebuild-snapshots.ts';
import { remoteRender, renderingElsewhere } from '../publish/remote-changes.ts';
import { currentBuildId } from '../store/build-id.ts';
import { encodeSnapshot, forgetIfChangedElsewhere, peekSnapshot, readSnapshot, writeSnapshot, type Encoding, type Snapshot } from '../store/snapshot-store.ts';
import { currentWriteEpoch } from '../store/write-epoch.ts';
import { guestCacheHeaders } from './cache-headers.ts';
import { countPageOpen, isGuestOpen } from '../../insights/view-counts.ts';
import { negotiateLanguage, servedLanguage } from './negotiate-language.ts';
import { queryCounter } from './query-counter.ts';
import { countPublishRender, testHeaders } from './test-headers.ts';

/**
 * How a guest answer may be cached (guest-pages/serve/cache-headers.ts): browsers revalidate on every open (a
 * cheap 304), so a publish shows at once (docs/product.md §9: preview not cached); a CDN keeps the page a
 * few minutes only when the purge hook is configured (`purgeable`, CDN_PURGE_URL).
 */
export interface CachePolicy {
  token: string;
  purgeable: boolean;
}

/** How long a guest miss waits for the page another server is rendering before rendering it here. */
const REMOTE_RENDER_WAIT_MS = 3_000;

/**
 * Renders in flight per page variant: a burst of guests after a publish renders the page once. A
 * guest joins one only if no write touched the token since it started (`epoch`): a render that
 * read the row before a link regeneration must not answer a request made after it.
 */
const pending = new Map<string, { epoch: string; snapshots: Promise<Record<Encoding, Snapshot> | null> }>();


/**
 * The guest page from its snapshot, without touching SQLite; on a miss (none stored, or stored
 * by another build) the real route renders from SQLite (`render`), and its HTML and CSP header
 * are stored for the next guest. docs/decisions/007-guest-snapshots.md.
 */
export async function serveGuestPage(request: Request, url: URL, render: (path?: string) => Promise<Response>): Promise<Response> {
  const page = parseGuestPageUrl(url.pathname, url.search.slice(1));
  // The server's own rebuild after a publish (rebuild-snapshots.ts) wants the page as rendered now.
  if (!page || (request.method !== 'GET' && request.method !== 'HEAD')) return render();
  if (isRenderRequest(request)) {
    countPublishRender();
    return render();
  }
  const counter = queryCounter();
  // No language asked: the browser's languages choose among the guidebook's (negotiate-language.ts).
  const serve = () => (page.variant === null ? answerNegotiated(request, page, render) : answerVariant(request, page, render));
  if (!counter) return serve();
  const { result, queries } = await counter.countAsync(serve);
  const headers = testHeaders(queries);
  for (let i = 0; i < headers.length; i += 2) result.headers.set(headers[i]!, headers[i + 1]!);
  return result;
}

/**
 * The stored page for a guest request when it is fresh (made by this build), else null. Shared by
 * the Astro route path below and the Node fast path (serve-snapshot-node.ts).
 */
export async function findFreshSnapshot(page: GuestPageKey, acceptEncoding: string | null): Promise<{ snapshot: Snapshot; encoding: Encoding } | null> {
  const encoding = negotiate(acceptEncoding);
  const stored = await readSnapshot(page, encoding);
  return stored && isFresh(stored) ? { snapshot: stored, encoding } : null;
}

/** Made by this build, and not past the time its content stops being right. */
function isFresh({ header }: Snapshot): boolean {
  return header.buildId === currentBuildId() && (header.expiresAt === null || header.expiresAt === undefined || Date.now() < header.expiresAt);
}

/** The same, from the in-memory copy alone and synchronously; null on a miss there. */
export function findFreshSnapshotInMemory(page: GuestPageKey, acceptEncoding: string | null): { snapshot: Snapshot; encoding: Encoding } | null {
  const encoding = negotiate(acceptEncoding);
  const stored = peekSnapshot(page, encoding);
  return stored && isFresh(stored) ? { snapshot: stored, encoding } : null;
}

/** `Vary` of a page answered at `/instruction/<token>`, whose language the browser's languages chose. */
export const NEGOTIATED_VARY = 'Accept-Encoding, Accept-Language';

/**
 * `/instruction/<token>`: the main page, or the variant in the first of the guest's languages the
 * guidebook offers. The offered languages come from the main page's stored header (rendered
 * first when there is none), so a hit asks no database; a variant not stored yet renders at its
 * own path (`render(path)`, an Astro rewrite) and is stored under its own key.
 */
async function answerNegotiated(request: Request, page: GuestPageKey, render: (path?: string) => Promise<Response>): Promise<Response> {
  const fresh = await findFreshSnapshot(page, request.headers.get('accept-encoding'));
  // Rendered here when none is stored: its own header says (even when a write meanwhile kept it from being stored).
  const rendered = fresh ? null : await answerWithSnapshot(request, page, () => render());
  const languages = (fresh?.snapshot ?? rendered?.snapshot)?.header.languages;
  const pick = negotiateLanguage(request.headers.get('accept-language'), languages) as PageLanguage | null;
  const variant = pick ? guestPageKey(page.token, pick) : null;
  const served = variant ? await answerWithSnapshot(request, variant, () => render(guestPagePath(variant))) : (rendered ?? (await answerWithSnapshot(request, page, () => render())));
  const { response } = served;
  countOpen(request, variant ?? page, served);
  // Even a guidebook in one language answers a German browser with the page's German words.
  if (languages?.length) response.headers.set('vary', NEGOTIATED_VARY);
  return response;
}

/** `/instruction/<token>/<lang>` and `?lang=`. */
async function answerVariant(request: Request, page: GuestPageKey, render: () => Promise<Response>): Promise<Response> {
  const served = await answerWithSnapshot(request, page, render);
  countOpen(request, page, served);
  return served.response;
}

/** A guest's open of a page that exists counts (insights/view-counts.ts); robots, HEAD and 404s do not. */
function countOpen(request: Request, page: GuestPageKey, { response, snapshot }: { response: Response; snapshot?: Snapshot }): void {
  if (snapshot && (response.status === 200 || response.status === 304) && isGuestOpen(request.method, request.headers)) {
    countPageOpen(page.token, servedLanguage(page.variant, snapshot.header.languages));
  }
}

/** The answer, and the page it sent when it is one (its header says which languages the guidebook offers). */
async function answerWithSnapshot(request: Request, page: GuestPageKey, render: () => Promise<Response>): Promise<{ response: Response; snapshot?: Snapshot }> {
  const { token } = page;
  const policy: CachePolicy = { token, purgeable: Boolean((await getRuntime()).config.cdn) };
  let fresh = await findFreshSnapshot(page, request.headers.get('accept-encoding'));
  // Another server is rendering this page after a publish (docs/decisions/012): its page, not a
  // second render, answers, unless it takes longer than a guest should wait.
  if (!fresh && renderingElsewhere(token)) {
    await Promise.race([remoteRender(token), sleep(REMOTE_RENDER_WAIT_MS)]);
    fresh = await findFreshSnapshot(page, request.headers.get('accept-encoding'));
  }
  if (fresh) return { response: respond(request, fresh.snapshot, fresh.encoding, 'hit', policy), snapshot: fresh.snapshot };
  const encoding = negotiate(request.headers.get('accept-encoding'));
  const buildId = currentBuildId();

  const id = pageId(page);
  const epoch = currentWriteEpoch(token);
  const inFlight = pending.get(id);
  if (inFlight?.epoch === epoch) {
    const snapshots = await inFlight.snapshots;
    if (snapshots) return { response: respond(request, snapshots[encoding], encoding, 'miss', policy), snapshot: snapshots[encoding] };
  }
  let response: Response | undefined;
  const rendering = (async () => {
    response = await render();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html')) return null;
    const html = new Uint8Array(await response.arrayBuffer());
    const expiresAt = parseExpiresHeader(response.headers.get(SNAPSHOT_EXPIRES_HEADER));
    const snapshots = await encodeSnapshot(html, { csp: response.headers.get('content-security-policy'), buildId, expiresAt, source: parseSourceHeader(response.headers.get(SNAPSHOT_SOURCE_HEADER)), languages: parseLanguagesHeader(response.headers.get(SNAPSHOT_LANGUAGES_HEADER)) });
    // A write during the render (here or in another process) may have removed what this render
    // read: answer, do not store.
    forgetIfChangedElsewhere();
    if (epoch === currentWriteEpoch(token)) {
      // Not stored (a bucket outage): the guest still gets the page, and memory keeps it.
      await writeSnapshot(page, snapshots).catch(async (error: unknown) => {
        (await getRuntime()).log.warn({ err: error, token: token.slice(0, 4) }, 'snapshot not stored: answered from this render');
      });
    }
    return snapshots;
  })();
  const shared = { epoch, snapshots: rendering };
  pending.set(id, shared);
  try {
    const snapshots = await rendering;
    if (snapshots) return { response: respond(request, snapshots[encoding], encoding, 'miss', policy), snapshot: snapshots[encoding] };
    // Not a page (404, error): answered as rendered, never stored.
    const headers = new Headers(response!.headers);
    for (const [name, value] of Object.entries(GUEST_HEADERS)) headers.set(name, value);
    headers.set('cache-control', 'no-store');
    return { response: new Response(response!.body, { status: response!.status, headers }) };
  } finally {
    if (pending.get(id) === shared) pending.delete(id);
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

