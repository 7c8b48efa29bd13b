import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import { isBlockedAddress } from './is-blocked-address.ts';

/**
 * A GET for user-supplied links (docs/security.md 18, 19, 32): https only, a host allowlist (map links;
 * calendar feeds say `allowHosts: 'any'`, every booking platform having its own host), redirects
 * followed by hand with every hop re-checked, at most 5 of them, 5 s for the whole chain, 1 MB of
 * body (a caller may set another cap: calendars take 2 MB), no cookies or credentials, and the
 * address actually connected to checked after DNS (a custom `lookup` on the connection, then the
 * socket's peer address once connected).
 */

/** Where map links live; short links (maps.app.goo.gl, goo.gl/maps) redirect within this set. */
export const MAP_LINK_HOSTS: readonly string[] = [
  'maps.app.goo.gl',
  'goo.gl',
  'www.google.com',
  'google.com',
  'maps.google.com',
  'maps.apple.com',
  'www.openstreetmap.org',
  'openstreetmap.org',
  'osm.org',
];
export const MAX_REDIRECTS = 5;
export const FETCH_TIMEOUT_MS = 5_000;
export const MAX_BODY_BYTES = 1024 * 1024;
const USER_AGENT = 'Porchlight/1.0 (map link resolver)';
const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface SafeFetchOptions {
  /**
   * Hosts that may be fetched, lower case; default MAP_LINK_HOSTS. `'any'` lifts only the host
   * rule (calendar feeds): https, the address checks, redirects and the caps still hold.
   */
  allowHosts?: readonly string[] | 'any';
  /** Tests only: lets a loopback stand-in speak plain http. The route never sets it. */
  allowHttp?: boolean;
  /** DNS for the connection; production uses the system resolver. Tests inject a stub. */
  resolveHost?: ResolveHost;
  /** The address check; tests may exempt their own loopback stand-in, and nothing else. */
  isBlocked?: (address: string) => boolean;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Called with each redirect target before it is fetched: true ends the chain there, unfetched. */
  stopAt?: (url: URL) => boolean;
  /** The User-Agent and Accept headers sent; default the map link resolver's. */
  userAgent?: string;
  accept?: string;
}

export type SafeFetchFailure = 'refused' | 'too-many-redirects' | 'timeout' | 'network';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface SafeFetchResult {
  /** The last URL of the chain (fetched, or the one `stopAt` ended on). */
  url: URL;
  status: number;
  contentType: string;
  /** At most maxBytes of the body, as UTF-8; empty for a chain ended by `stopAt`. */
  body: string;
  truncated: boolean;
  redirects: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Throws `refused` unless the URL may be fetched under the options; returns it parsed. */
export function checkFetchUrl(raw: string | URL, options: SafeFetchOptions = {}): URL {
  let url: URL;
  try {
    // new URL() also normalises odd IPv4 spellings (0x7f000001, 017700000001, 127.1) to dotted form.
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('refused', 'not a URL');
  }
  const protocols = options.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) throw new SafeFetchError('refused', `protocol ${url.protocol} not allowed`);
  if (url.username || url.password) throw new SafeFetchError('refused', 'credentials in URL');
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const allowHosts = options.allowHosts ?? MAP_LINK_HOSTS;
  if (allowHosts !== 'any' && !allowHosts.includes(host)) throw new SafeFetchError('refused', `host ${host} not allowed`);
  // An IP literal skips DNS (and so the lookup below): check it here.
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) && (options.isBlocked ?? isBlockedAddress)(bare)) throw new SafeFetchError('refused', `address ${bare} blocked`);
  return url;
}

/** A `lookup` for the socket that answers only when every address the name resolves to is allowed. */
function guardedLookup(resolveHost: ResolveHost, isBlocked: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname)
      .then((answers) => {
        if (answers.length === 0) throw new SafeFetchError('network', `${hostname} has no address`);
        // One blocked answer refuses the name: a mixed answer is how DNS rebinding starts.
        const blocked = answers.find((answer) => isBlocked(answer.address));
        if (blocked) throw new SafeFetchError('refused', `${hostname} resolves to blocked ${blocked.address}`);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? answers.filter((answer) => answer.family === family) : answers;
        if (usable.length === 0) throw new SafeFetchError('network', `${hostname} has no IPv${family} address`);
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  response: http.IncomingMessage;
}

type Connection = Required<Pick<SafeFetchOptions, 'resolveHost' | 'isBlocked' | 'userAgent' | 'accept'>>;

/** One request whose connection is checked (rule 19); what safe-fetch and the booking systems' client (pms/pms-http.ts) send through. */
export interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  resolveHost: ResolveHost;
  isBlocked: (address: string) => boolean;
}

/**
 * Sends one request, no redirect followed, on a fresh connection whose name is resolved by the
 * guarded lookup and whose peer is checked once connected: a blocked address ends it with
 * SafeFetchError('refused') before a byte is sent. Answers the response, its body unread.
 */
export function guardedRequest(url: URL, options: GuardedRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: options.method,
      headers: options.headers,
      // A fresh connection per request, so every one goes through the lookup and the peer check.
      agent: false,
      lookup: guardedLookup(options.resolveHost, options.isBlocked),
      signal: options.signal,
    });
    request.on('socket', (socket) => {
      // Belt and braces: whatever resolved the name (an IP literal skips the lookup), the peer actually reached is checked too.
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (options.isBlocked(peer)) request.destroy(new SafeFetchError('refused', `connected to blocked ${peer}`));
      });
    });
    request.on('error', reject);
    request.on('response', resolve);
    request.end(options.body);
  });
}

/**
 * `fetch`'s shape over `guardedRequest`, for a client written on `fetch` (pms/pms-http.ts): the
 * answer as a web Response, its body streamed, nothing followed (a 3xx comes back as itself).
 */
export async function guardedFetch(url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }, guard: { resolveHost?: ResolveHost; isBlocked?: (address: string) => boolean } = {}): Promise<Response> {
  const incoming = await guardedRequest(new URL(url), { ...init, resolveHost: guard.resolveHost ?? systemResolve, isBlocked: guard.isBlocked ?? isBlockedAddress });
  const headers = new Headers();
  for (let at = 0; at + 1 < incoming.rawHeaders.length; at += 2) headers.append(incoming.rawHeaders[at]!, incoming.rawHeaders[at + 1]!);
  const status = incoming.statusCode ?? 0;
  const bodiless = status === 204 || status === 205 || status === 304;
  if (bodiless) incoming.resume();
  return new Response(bodiless ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), { status, headers });
}

async function requestOnce(url: URL, signal: AbortSignal, options: Connection): Promise<Hop> {
  // Only these headers, built here: nothing of the incoming request (cookies, auth) is forwarded.
  const headers = { 'user-agent': options.userAgent, accept: options.accept, 'accept-encoding': 'identity' };
  const response = await guardedRequest(url, { method: 'GET', headers, signal, resolveHost: options.resolveHost, isBlocked: options.isBlocked });
  return {
    status: response.statusCode ?? 0,
    location: typeof response.headers.location === 'string' ? response.headers.location : null,
    contentType: response.headers['content-type'] ?? '',
    response,
  };
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<{ body: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      const truncated = chunk.length > room;
      // Stop reading: the rest of a large page is never buffered.
      response.destroy();
      return { body: Buffer.concat(chunks).toString('utf8'), truncated };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

function asFailure(error: unknown, signal: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (signal.aborted) return new SafeFetchError('timeout', 'timed out');
  if (error instanceof Error && error.name === 'SafeFetchError') {
    return new SafeFetchError((error as SafeFetchError).reason, error.message);
  }
  return new SafeFetchError('network', error instanceof Error ? error.message : String(error));
}

/** Fetches `raw` under the rules above; throws SafeFetchError on any refusal or failure. */
export async function safeFetch(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const connection: Connection = {
    resolveHost: options.resolveHost ?? systemResolve,
    isBlocked: options.isBlocked ?? isBlockedAddress,
    userAgent: options.userAgent ?? USER_AGENT,
    accept: options.accept ?? ACCEPT,
  };
  // One deadline for the whole chain, not per hop: five slow hops cannot add up to 25 s.
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let url = checkFetchUrl(raw, options);
  for (let redirects = 0; ; redirects++) {
    let hop: Hop;
    try {
      hop = await requestOnce(url, signal, connection);
    } catch (error) {
      throw asFailure(error, signal);
    }
    if (REDIRECTS.has(hop.status) && hop.location !== null) {
      hop.response.destroy();
      if (redirects >= maxRedirects) throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(hop.location, url);
      } catch {
        throw new SafeFetchError('refused', 'redirect to an invalid URL');
      }
      if (options.stopAt?.(next)) return { url: next, status: hop.status, contentType: '', body: '', truncated: false, redirects: redirects + 1 };
      url = checkFetchUrl(next, options);
      continue;
    }
    try {
      const { body, truncated } = await readCapped(hop.response, maxBytes);
      return { url, status: hop.status, contentType: hop.contentType, body, truncated, redirects };
    } catch (error) {
      throw asFailure(error, signal);
    }
  }
}
