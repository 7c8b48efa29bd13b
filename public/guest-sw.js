// @ts-check
/// <reference lib="webworker" />
/**
 * The guest guidebook's service worker (issue #5 "Offline"): a guidebook a guest has opened once
 * opens again with no connection, e.g. at the door of a building with no signal.
 *
 * Registered by the guest page (src/components/guest/enhance.ts) with scope `/instruction`, so it
 * controls `/instruction` (the demo), `/instruction/<token>` and its languages
 * `/instruction/<token>/<lang>`, and nothing else of the site. Each language a guest opened is a
 * copy of its own (docs/product.md "Guest page languages").
 * - Guidebook pages: network first, so a guest sees the host's latest publish; the saved copy is
 *   answered when the network fails, or after NETWORK_WAIT_MS on a weak connection (the network
 *   answer still refreshes the copy), and when the server fails (5xx). A 404 (link regenerated,
 *   guidebook deleted) drops the copy.
 * - Hashed build assets (/_astro/), uploads (/media/, immutable) and the icon: cache first.
 * - Nothing else (no /api, no other origin) is touched.
 * Plain JavaScript in public/: it must keep a stable URL across builds.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const VERSION = 1;
const PAGES = `porchlight-guest-pages-v${VERSION}`;
const ASSETS = `porchlight-guest-assets-v${VERSION}`;
const MAX_PAGES = 20;
const MAX_ASSETS = 300;
const NETWORK_WAIT_MS = 4000;

const OFFLINE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f4f1;color:#1f1f1f}main{max-width:22rem;padding:1.5rem;text-align:center}h1{font-size:1.4rem}</style>
<main><h1>You are offline</h1><p>This guidebook has not been saved on this device yet. Connect to the internet and open the link again.</p></main></html>`;

sw.addEventListener('install', () => {
  void sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGES, ASSETS]);
      for (const name of await caches.keys()) if (name.startsWith('porchlight-guest-') && !current.has(name)) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

/** A guidebook page of this origin: `/instruction`, `/instruction/<token>[/<lang>]` or a stay's `/stay/<token>`. */
function isGuidebookPage(/** @type {URL} */ url) {
  return url.origin === sw.location.origin && /^\/(instruction(\/[\w-]+(\/[a-z]{2})?)?|stay\/[\w-]+)\/?$/.test(url.pathname);
}

/** What a guidebook page loads from this origin and may keep: build assets, uploads, the icon. */
function isAsset(/** @type {URL} */ url) {
  return url.origin === sw.location.origin && (url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/media/') || url.pathname === '/favicon.svg');
}

/**
 * One copy per page, whatever query or fragment the link carried, except `?lang=`, which names
 * another language of it (the same copy as its `/<lang>` path on a guidebook link).
 */
function pageKey(/** @type {URL} */ url) {
  const path = url.pathname.replace(/\/$/, '');
  const lang = /^[a-z]{2}$/i.exec(url.searchParams.get('lang') ?? '')?.[0].toLowerCase();
  if (!lang) return `${url.origin}${path}`;
  return path.startsWith('/stay/') ? `${url.origin}${path}?lang=${lang}` : `${url.origin}${path}/${lang}`;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && isGuidebookPage(url)) event.respondWith(guidebookPage(event, url));
  else if (isAsset(url)) event.respondWith(asset(request));
});

/**
 * Network first with a patience limit: the fresh page when it comes in time, else the saved copy;
 * the offline notice only when neither exists.
 */
async function guidebookPage(/** @type {FetchEvent} */ event, /** @type {URL} */ url) {
  const cache = await caches.open(PAGES);
  const key = pageKey(url);
  const network = fetch(event.request).then(async (response) => {
    if (response.ok && response.type === 'basic') await remember(cache, key, response.clone(), MAX_PAGES);
    else if (response.status === 404 || response.status === 410) await cache.delete(key);
    return response;
  });
  // Whatever the guest is shown, let the network answer finish refreshing the copy.
  event.waitUntil(network.then(noop, noop));
  const saved = await cache.match(key);
  if (!saved) return network.catch(() => offlinePage());
  const copy = () => answeredWithCopy(event.resultingClientId, saved);
  const late = new Promise((resolve) => setTimeout(() => resolve(copy()), NETWORK_WAIT_MS));
  // A server error (5xx) is no better than no network: the saved copy serves the guest meanwhile.
  const fresh = network.then((response) => (response.status >= 500 ? copy() : response), copy);
  return Promise.race([fresh, late]).then((response) => /** @type {Response} */ (response));
}

/**
 * Documents answered with the saved copy, so the page can say so when it asks (`copy?`):
 * `navigator.onLine` alone misses a dead connection that still reports "online" (and browsers'
 * offline emulation on reload). Kept small; a page asks as soon as it runs.
 */
const answeredFromCopy = new Set();

function answeredWithCopy(/** @type {string} */ clientId, /** @type {Response} */ saved) {
  if (clientId) {
    if (answeredFromCopy.size >= 50) answeredFromCopy.clear();
    answeredFromCopy.add(clientId);
  }
  return saved;
}

async function asset(/** @type {Request} */ request) {
  const cache = await caches.open(ASSETS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await remember(cache, request.url, response.clone(), MAX_ASSETS);
  return response;
}

/** Stores `response` as the newest entry, dropping the oldest past `limit` (keys keep insertion order). */
async function remember(/** @type {Cache} */ cache, /** @type {string} */ key, /** @type {Response} */ response, /** @type {number} */ limit) {
  await cache.delete(key);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
}

function offlinePage() {
  return new Response(OFFLINE_PAGE, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}

function noop() {}

/** The same-origin modules a built module imports (`from"./x.js"`, `import("./y.js")`). */
function importedChunks(/** @type {string} */ source, /** @type {URL} */ base) {
  const found = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[\w./-]+\.js)["']/g)) if (match[1]) found.push(new URL(match[1], base).href);
  return found;
}

/**
 * The page was loaded before this worker controlled it, so its files did not pass through here:
 * it sends their URLs once (`{ type: 'save', urls }`) and hears back `{ type: 'saved' }`. A page
 * answered by a worker asks `{ type: 'copy?' }` whether it is the saved copy.
 */
sw.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'copy?') {
    const id = event.source && 'id' in event.source ? event.source.id : '';
    event.source?.postMessage({ type: 'copy', saved: answeredFromCopy.has(id) });
    return;
  }
  if (!data || data.type !== 'save' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      let saved = true;
      const queue = data.urls.slice(0, 100).map(String);
      const seen = new Set();
      for (let index = 0; index < queue.length && index < 200; index += 1) {
        const raw = queue[index];
        if (seen.has(raw)) continue;
        seen.add(raw);
        try {
          const url = new URL(raw, sw.location.origin);
          if (isGuidebookPage(url)) {
            // Saving is no open by the guest: the server does not count a prefetch (insights/view-counts.ts).
            const response = await fetch(url, { credentials: 'same-origin', headers: { purpose: 'prefetch' } });
            if (!response.ok) throw new Error(`status ${response.status}`);
            await remember(await caches.open(PAGES), pageKey(url), response, MAX_PAGES);
          } else if (isAsset(url)) {
            let response = await caches.match(url.href);
            if (!response) {
              response = await fetch(url);
              if (!response.ok) throw new Error(`status ${response.status}`);
              await remember(await caches.open(ASSETS), url.href, response.clone(), MAX_ASSETS);
            }
            // An island's module imports its chunks (React among them): keep those too (issue 14).
            if (url.pathname.endsWith('.js')) for (const chunk of importedChunks(await response.text(), url)) queue.push(chunk);
          }
        } catch {
          saved = false;
        }
      }
      event.source?.postMessage({ type: saved ? 'saved' : 'not-saved' });
    })(),
  );
});
