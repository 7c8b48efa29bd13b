import http from 'node:http';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { TestServer } from './server.ts';
import { CONDITION_TIMEOUT_MS } from './until.ts';

/**
 * The HTTP side of tests/fuzz-bodies.test.ts: requests sent through node:http so that anything a
 * fetch would refuse or tidy up (a body with a GET-less method and no type, invalid UTF-8, a chunked
 * body, a source address of our choosing for per-address limits) reaches the server as generated.
 */
export interface FuzzRequest {
  method: string;
  /** Already percent-encoded as it goes on the request line. */
  path: string;
  headers: Record<string, string>;
  /** undefined: no body at all (no Content-Length either). */
  body?: Buffer | undefined;
  /** Sent as Transfer-Encoding: chunked (no length declared up front). */
  chunked?: boolean;
  /** 127.x.y.z: a loopback source address, so each gets its own per-address rate-limit counters. */
  localAddress?: string;
}

export type FuzzAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string } | { error: string };

/**
 * A connection per request: a reused keep-alive socket can be closed by the server just as it is
 * reused (a bare "socket hang up" that says nothing about the request), so a missing answer here
 * always means the server dropped this request.
 */
const agent = new http.Agent({ keepAlive: false });
/** A request with no answer by then was dropped (a hang), however busy the machine. */
const ANSWER_TIMEOUT_MS = CONDITION_TIMEOUT_MS;

export function sendFuzz(server: Pick<TestServer, 'url'>, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(server.url);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined && !request.chunked) headers['content-length'] = String(request.body.byteLength);
  // Said outright: node:http frames DELETE bodies as chunks only when told, else their bytes would
  // run into the next request on the connection.
  if (request.body !== undefined && request.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent, localAddress: request.localAddress, timeout: ANSWER_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => resolve({ error: `answer cut: ${error.message}` }));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: decode(Buffer.concat(chunks), res.headers['content-encoding']) });
          } catch (error) {
            resolve({ error: `undecodable ${res.headers['content-encoding']} answer: ${String(error)}` });
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? 'ERROR'}: ${error.message}` }));
    if (request.body === undefined) req.end();
    else if (!request.chunked) req.end(request.body);
    else {
      // A few chunks, so the server reads it as it streams.
      const step = Math.max(1, Math.ceil(request.body.byteLength / 3));
      for (let at = 0; at < request.body.byteLength; at += step) req.write(request.body.subarray(at, at + step));
      req.end();
    }
  });
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * What is wrong with an /api answer, or undefined (docs/security.md 29): 2xx or a JSON 4xx
 * whose `message` is a non-empty string; never a 5xx, an HTML page, an empty body or no answer.
 * `oversized`: the request was bigger than any cap, so the server may close the connection
 * before reading all of it, and the client may see that as a reset instead of the 413.
 */
export function problemWith(answer: FuzzAnswer, { oversized = false } = {}): string | undefined {
  if ('error' in answer) return oversized && /EPIPE|ECONNRESET/.test(answer.error) ? undefined : `no answer (${answer.error})`;
  const { status, headers, text } = answer;
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 200 || (status >= 300 && status < 400)) return `status ${status} on /api`;
  if (!/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) return `status ${status} with content-type ${headers['content-type'] ?? '(none)'}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (status >= 400) {
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.trim() === '') return `status ${status} without a string message: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/** Counts of what was sent and answered, for the summary the file prints. */
export class FuzzTally {
  requests = 0;
  readonly byStatus = new Map<string, number>();
  /** Route → status → count. */
  readonly byRoute = new Map<string, Map<string, number>>();

  count(route: string, answer: FuzzAnswer): void {
    this.requests += 1;
    const status = 'error' in answer ? 'no answer' : String(answer.status);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const statuses = this.byRoute.get(route) ?? new Map<string, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byRoute.set(route, statuses);
  }

  summary(): string {
    const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, n]) => `${key}: ${n}`).join(', ');
    const routes = [...this.byRoute].sort(([a], [b]) => (a < b ? -1 : 1)).map(([route, statuses]) => `  ${route} { ${sorted(statuses)} }`);
    return [`${this.requests} requests; by status { ${sorted(this.byStatus)} }`, ...routes].join('\n');
  }
}

/** How a generated request reads in fast-check's counterexample: short, whatever the body's size. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body;
  const shown = body === undefined ? 'no body' : `${body.byteLength} bytes${request.chunked ? ' chunked' : ''}: ${JSON.stringify(body.subarray(0, 160).toString('latin1'))}${body.byteLength > 160 ? '…' : ''}`;
  return `${request.method} ${request.path.slice(0, 200)} from ${request.localAddress ?? '127.0.0.1'} ${JSON.stringify(request.headers).slice(0, 400)} ${shown}`;
}

/** Gives a generated request a short printout in counterexamples. */
export function printable<T extends FuzzRequest>(request: T): T {
  return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
}
