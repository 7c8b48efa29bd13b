import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isNotModified, negotiate, notModifiedHeaders, type Encoding } from './negotiate.ts';

/**
 * Prerendered pages and built assets (dist/client) served the way a static server does, as fast
 * as one: every file read once at start, with the brotli and gzip copies the build wrote
 * beside it (scripts/precompress.mjs), answered synchronously from memory with an ETag, 304s, and
 * year-long caching for content-hashed assets. Nothing is compressed per request. This is the
 * only file server: Astro's adapter runs in middleware mode (no file lookup of its own on each
 * request, docs/decisions/001), so every file of dist/client is held here, whatever its size.
 */
interface StaticFilesOptions {
  /** dist/client. */
  clientDir: string;
  /** dist/_headers.json: the CSP Astro computed for each prerendered page (staticHeaders). */
  headersFile: string;
  /** The baseline headers every response carries. */
  securityHeaders: Record<string, string>;
}

/** The header lists of one file, as the flat [name, value, …] list `writeHead` takes. */
interface Variant {
  body: Buffer;
  ok: string[];
  notModified: string[];
}

interface StaticFile {
  etag: string;
  /** A prerendered page (its trailing-slash address redirects to it). */
  isPage: boolean;
  variants: Partial<Record<Encoding, Variant>>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Build output under /_astro/ is named by its content hash: it never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and the service worker are checked on every use (a cheap 304), so a deploy shows at once. */
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlOf(route: string, type: string): string {
  if (route.startsWith('/_astro/')) return IMMUTABLE;
  if (type.startsWith('text/html') || route.endsWith('-sw.js')) return REVALIDATE;
  return SHORT;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

/** `privacy/index.html` → `/privacy`, `index.html` → `/`, `_astro/a.js` → `/_astro/a.js`. */
function routeOf(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

/** The CSP (and any other header) Astro wrote for each prerendered page. */
function readPageHeaders(headersFile: string): Map<string, Record<string, string>> {
  const pages = new Map<string, Record<string, string>>();
  if (!fs.existsSync(headersFile)) return pages;
  const entries = JSON.parse(fs.readFileSync(headersFile, 'utf8')) as Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>;
  for (const { pathname, headers } of entries) {
    pages.set(pathname, Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value])));
  }
  return pages;
}

function loadFile(clientDir: string, file: string, route: string, pageHeaders: Record<string, string>, securityHeaders: Record<string, string>): StaticFile {
  const full = path.join(clientDir, file);
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const identity = fs.readFileSync(full);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const bodies: Partial<Record<Encoding, Buffer>> = { html: identity };
  if (fs.existsSync(`${full}.br`)) bodies.br = fs.readFileSync(`${full}.br`);
  if (fs.existsSync(`${full}.gz`)) bodies.gz = fs.readFileSync(`${full}.gz`);
  const compressed = bodies.br !== undefined || bodies.gz !== undefined;

  const variants: Partial<Record<Encoding, Variant>> = {};
  for (const [encoding, body] of Object.entries(bodies) as Array<[Encoding, Buffer]>) {
    const headers: Record<string, string> = {
      ...securityHeaders,
      ...pageHeaders,
      'content-type': type,
      'cache-control': cacheControlOf(route, type),
      etag,
      ...(compressed ? { vary: 'Accept-Encoding' } : {}),
      ...(encoding === 'html' ? {} : { 'content-encoding': encoding === 'br' ? 'br' : 'gzip' }),
      'content-length': String(body.byteLength),
    };
    variants[encoding] = { body, ok: Object.entries(headers).flat(), notModified: Object.entries(notModifiedHeaders(headers)).flat() };
  }
  return { etag, isPage: type.startsWith('text/html'), variants };
}

/** Every servable file of dist/client by its route; the .br/.gz copies are variants, not routes. */
function loadStaticFiles({ clientDir, headersFile, securityHeaders }: StaticFilesOptions): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(clientDir)) return files;
  const pageHeaders = readPageHeaders(headersFile);
  const all = listFiles(clientDir);
  const present = new Set(all);
  for (const file of all) {
    const isCopy = (file.endsWith('.br') || file.endsWith('.gz')) && present.has(file.slice(0, -3));
    if (isCopy) continue;
    const route = routeOf(file);
    files.set(route, loadFile(clientDir, file, route, pageHeaders.get(route) ?? {}, securityHeaders));
  }
  return files;
}

/**
 * Answers GET and HEAD for a built file from memory and returns true; false for anything else
 * (Astro answers). A page asked with a trailing slash is sent to its one address (308), so it
 * always carries its own CSP and caches under one URL.
 */
export function createStaticFastPath(options: StaticFilesOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = loadStaticFiles(options);
  return function answerStatic(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const file = files.get(pathname);
    if (!file) return redirectTrailingSlash(pathname, url.slice(pathname.length), files, options.securityHeaders, res);

    const variant = file.variants[negotiate(req.headers['accept-encoding'] ?? null)] ?? file.variants.html!;
    if (isNotModified(req.headers['if-none-match'] ?? null, file.etag)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, variant.ok);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  };
}

function redirectTrailingSlash(pathname: string, query: string, files: Map<string, StaticFile>, securityHeaders: Record<string, string>, res: ServerResponse): boolean {
  if (pathname.length < 2 || !pathname.endsWith('/')) return false;
  const canonical = pathname.replace(/\/+$/, '');
  // Only pages: "/_astro/x.js/" is not a file and gets the app's 404.
  if (!files.get(canonical)?.isPage) return false;
  res.writeHead(308, { ...securityHeaders, location: `${canonical}${query}`, 'cache-control': SHORT, 'content-length': '0' });
  res.end();
  return true;
}
