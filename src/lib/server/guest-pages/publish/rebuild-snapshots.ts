import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { processSingleton } from '../../platform/process-singleton.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { isServingProcess } from '../../platform/serving-process.ts';
import { parseExpiresHeader, parseLanguagesHeader, parseSourceHeader, SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_LANGUAGES_HEADER, SNAPSHOT_SOURCE_HEADER, type SnapshotSource } from '../page-headers.ts';
import { guestPagePath, variantsOf, type GuestPageKey } from '../page-key.ts';
import { currentBuildId } from '../store/build-id.ts';
import { encodeSnapshot, holdsSnapshot, removeSnapshot, writeSnapshot } from '../store/snapshot-store.ts';
import { bumpTokenEpoch } from '../store/write-epoch.ts';
import { purgeGuestPages } from './purge-cdn.ts';
import { renderWorkerPort } from './render-worker.ts';
import { snapshotBus, type SnapshotEventKind } from './snapshot-bus.ts';

/**
 * Rebuild on publish (docs/decisions/007). After a write commits, the guidebook's page is
 * rendered again here, off the request path, and stored; until then guests keep the previous
 * snapshot, so no guest waits for a render. One render per guidebook at a time and the newest
 * content wins: a write during a render asks for one more render after it. At most
 * MAX_CONCURRENT renders run at once and MAX_WAITING guidebooks wait; past that a guidebook's
 * snapshot is dropped instead and its next guest renders it (the path every first visit takes).
 *
 * A page is rendered by asking the server for it over loopback with a per-process secret header:
 * the real route, middleware and CSP, exactly what a guest miss renders, with no second rendering
 * path to keep in step (the Container API would be one). The server asked is the render worker's,
 * a thread of its own (render-worker.ts), so the main thread's guests do not pay for the render;
 * this server's own port while that worker is not there (`astro dev`, starting, failed).
 */
export const RENDER_HEADER = 'x-porchlight-render';

const MAX_CONCURRENT = 2;
const MAX_WAITING = 5_000;
const RENDER_TIMEOUT_MS = 15_000;

const state = processSingleton('rebuilds', () => ({
  secret: undefined as string | undefined,
  /** Per token with a rebuild running or waiting: whether to render once more, and when it may start. */
  jobs: new Map<string, { again: boolean; ready: Promise<void> }>(),
  waiting: [] as string[],
  running: 0,
  /** Per token: how often its old page was revoked (a render that raced one does not store). */
  revocations: new Map<string, number>(),
}));

/**
 * The page variants a publish renders again: the main page and the languages guests have opened
 * on this server (those in memory, in any encoding: docs/product/guest-languages.md). The
 * other variants go with the publish (store/snapshot-store.ts forgetStoredSnapshot) and their next
 * guest renders them.
 */
export function rebuiltPages(token: string): GuestPageKey[] {
  return variantsOf(token).filter((page) => page.variant === null || holdsSnapshot(page));
}

function secret(): string {
  return (state.secret ??= randomBytes(24).toString('base64url'));
}

/** The secret of this process's render requests, for its render worker (render-worker.ts). */
export function renderSecret(): string {
  return secret();
}

/** In the render worker: the secret of the process that started it, whose render requests it answers. */
export function adoptRenderSecret(shared: string): void {
  state.secret = shared;
}

/** True for the server's own render request (the header carries this process's secret). */
export function isRenderRequest(request: Request): boolean {
  const sent = request.headers.get(RENDER_HEADER);
  if (!sent) return false;
  const expected = Buffer.from(secret());
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The old page of `token` must never be served again (link regenerated, guidebook deleted, door
 * code or Wi-Fi password changed): its snapshot goes now, and a render already under way for it
 * will not store what it read before.
 */
export async function revokeSnapshot(token: string): Promise<void> {
  state.revocations.set(token, (state.revocations.get(token) ?? 0) + 1);
  bumpTokenEpoch(token);
  await removeSnapshot(token);
  // The other servers drop their copies at once (docs/decisions/012): the write answers only once
  // each of them confirmed it, so a request sent to another server after that answer finds the
  // page gone.
  await tellOtherServers('revoked', token);
  // A CDN in front (CDN_PURGE_URL) drops its copy too: the old link dies there as well.
  purgeGuestPages([token]);
}

/**
 * Asks for `token`'s page to be rendered and stored; returns at once. `storeCleared`: the
 * publish's removal of the variants not rendered again, which the other servers must find done
 * when they hear of the publish (remote-changes.ts); the render waits for it too.
 */
export function scheduleRebuild(token: string, storeCleared: Promise<unknown> = Promise.resolve()): void {
  bumpTokenEpoch(token);
  // Only a serving process can render (the admin command line has no server): elsewhere the
  // snapshot goes and the server's next guest renders it.
  if (!isServingProcess()) {
    dropInBackground(token);
    return;
  }
  const job = state.jobs.get(token);
  if (job) {
    job.again = true;
    return;
  }
  if (state.waiting.length >= MAX_WAITING) {
    dropInBackground(token);
    return;
  }
  // The other servers keep their copy until this one says the new page is stored (the bus sends
  // its events in order, so `published` goes before that).
  const ready = storeCleared.then(() => void tellOtherServers('published', token));
  state.jobs.set(token, { again: false, ready });
  state.waiting.push(token);
  pump();
}

/**
 * Another server revoked `token`'s page: a rebuild of it under way here must not store what it
 * read (counted only while one runs).
 */
export function noteRevokedElsewhere(token: string): void {
  if (state.jobs.has(token)) state.revocations.set(token, (state.revocations.get(token) ?? 0) + 1);
}

/** Guidebooks whose rebuild is running or waiting (tests read it from guest responses). */
export function pendingRebuilds(): number {
  return state.jobs.size;
}

function pump(): void {
  while (state.running < MAX_CONCURRENT && state.waiting.length > 0) {
    const token = state.waiting.shift()!;
    state.running += 1;
    void runJob(token).finally(() => {
      state.running -= 1;
      pump();
    });
  }
}

async function runJob(token: string): Promise<void> {
  const job = state.jobs.get(token)!;
  try {
    await job.ready;
    do {
      job.again = false;
      for (const page of rebuiltPages(token)) await rebuildOnce(page);
    } while (job.again);
  } catch (error) {
    // Encoding or storing failed: the next guest renders the page instead.
    (await getRuntime()).log.error({ err: error, token: token.slice(0, 4) }, 'snapshot rebuild failed: the page renders on its next request');
    await removeSnapshot(token).then(
      () => tellOtherServers('stored', token),
      () => undefined,
    );
  } finally {
    state.jobs.delete(token);
    // Purged once the new page is stored (or dropped), not at the write: a CDN refetching
    // earlier would get, and keep, the previous page that guests are still served meanwhile.
    purgeGuestPages([token]);
    // Revocation counts matter only to renders under way: with none left they can go (bounded).
    if (state.jobs.size === 0) state.revocations.clear();
  }
}

/**
 * Renders and stores one page. The route failing (5xx) keeps the previous snapshot and logs why;
 * not reaching this server at all (misconfigured host or port, `astro dev` on another port)
 * drops it, so guests get the page rendered on their request rather than an old one for ever.
 */
async function rebuildOnce(page: GuestPageKey): Promise<void> {
  const { token } = page;
  const { log } = await getRuntime();
  const revokedBefore = state.revocations.get(token) ?? 0;
  const buildId = currentBuildId();
  let rendered: Awaited<ReturnType<typeof renderOverLoopback>>;
  try {
    rendered = await renderOverLoopback(page);
  } catch (error) {
    // A server that is stopping (its render worker first) cut the render off: nothing went wrong.
    if (isServingProcess()) log.error({ err: error, token: token.slice(0, 4) }, 'snapshot rebuild could not reach this server: the page renders on its next request');
    else log.info({ token: token.slice(0, 4) }, 'snapshot rebuild cut off by the server stopping: the page renders on its next request');
    await removeSnapshot(token);
    tellOtherServers('stored', token);
    return;
  }
  // Revoked meanwhile: what was read may be the page that must not be served.
  if ((state.revocations.get(token) ?? 0) !== revokedBefore) return;
  if (rendered.status === 404) {
    await removeSnapshot(token);
    tellOtherServers('stored', token);
    return;
  }
  if (rendered.status !== 200) {
    log.error({ status: rendered.status, token: token.slice(0, 4) }, 'snapshot rebuild failed: guests keep the previous page');
    return;
  }
  const snapshots = await encodeSnapshot(rendered.html, { csp: rendered.csp, buildId, expiresAt: rendered.expiresAt, source: rendered.source, languages: rendered.languages });
  if ((state.revocations.get(token) ?? 0) !== revokedBefore) return;
  await writeSnapshot(page, snapshots);
  tellOtherServers('stored', token);
}

/**
 * The snapshot goes and this process will not render it (the admin command line, a full queue):
 * other servers drop their copies, a CDN its own, and the next guest renders the page.
 */
function dropInBackground(token: string): void {
  const drop = removeSnapshot(token)
    .then(() => {
      tellOtherServers('revoked', token);
      purgeGuestPages([token]);
    })
    .catch(async (error: unknown) => (await getRuntime()).log.error({ err: error, token: token.slice(0, 4) }, 'snapshot could not be removed'))
    .finally(() => drops.delete(drop));
  drops.add(drop);
}

const drops = new Set<Promise<void>>();

/** Resolves when the snapshots dropped so far are removed and announced (the admin command line waits before it exits). */
export async function settleSnapshotDrops(): Promise<void> {
  await Promise.all(drops);
  await snapshotBus()?.flush();
}

/** Other servers on the same database hear of it (snapshot-bus.ts); one server: nothing to tell. */
function tellOtherServers(kind: SnapshotEventKind, token: string): Promise<void> {
  return snapshotBus()?.publish({ kind, token }) ?? Promise.resolve();
}

/**
 * Loopback requests go through node:http on a few kept-alive connections: the WHATWG `fetch`
 * (undici) cost about half a millisecond of the main thread more per render, on every publish
 * (docs/performance.md).
 */
const loopbackAgent = processSingleton('rebuild-agent', () => new http.Agent({ keepAlive: true, maxSockets: MAX_CONCURRENT }));

async function renderOverLoopback(page: GuestPageKey): Promise<{ status: number; html: Uint8Array; csp: string | null; expiresAt: number | null; source: SnapshotSource | null; languages: string[] | null }> {
  const { config } = await getRuntime();
  const host = config.host === '0.0.0.0' || config.host === '' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
  const request = { path: guestPagePath(page), agent: loopbackAgent, headers: { [RENDER_HEADER]: secret(), 'accept-encoding': 'identity' } };
  const own = { ...request, host, port: config.port };
  const workerPort = renderWorkerPort();
  const first = workerPort === undefined ? own : { ...request, host: '127.0.0.1', port: workerPort };
  const { status, headers, body } = await getOverLoopback(first).catch((error: unknown) =>
    // A kept-alive connection the server closed as this request left on it: once more, on a new
    // one. The render worker gone meanwhile: on this server's own port.
    error instanceof LoopbackReset ? getOverLoopback(first) : first !== own ? getOverLoopback(own) : Promise.reject(error),
  );
  const header = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value.join(', ') : value) ?? null;
  };
  return {
    status,
    html: body,
    csp: header('content-security-policy'),
    expiresAt: parseExpiresHeader(header(SNAPSHOT_EXPIRES_HEADER)),
    source: parseSourceHeader(header(SNAPSHOT_SOURCE_HEADER)),
    languages: parseLanguagesHeader(header(SNAPSHOT_LANGUAGES_HEADER)),
  };
}

class LoopbackReset extends Error {}

function getOverLoopback(options: http.RequestOptions): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ ...options, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => reject(request.reusedSocket && error.code === 'ECONNRESET' ? new LoopbackReset(error.message, { cause: error }) : error));
  });
}
