import zlib from 'node:zlib';
import { negotiate } from './negotiate.ts';

/** Below this the encoding costs more than it saves (the `compression` middleware's threshold). */
const MIN_BYTES = 1024;
/** Above this a synchronous pass would hold the event loop too long; `compression` streams it. */
const MAX_BYTES = 512 * 1024;
/**
 * 3, not 4: on 12 KB of a guidebook's JSON, 4 took 430 µs of the main thread for 4,973 bytes and 3
 * took 163 µs for 5,104 (docs/performance.md, tenth round).
 */
const JSON_BROTLI_QUALITY = 3;

/**
 * An /api JSON answer compressed here, synchronously, instead of by the `compression` middleware
 * in scripts/serve.mjs (which skips a response that already has a Content-Encoding). That
 * middleware streams through zlib's thread pool: two or three event-loop turns per answer, and
 * under a full guest load each turn waits for a few hundred guest requests, so an editor's save
 * spent about 45 ms of its time there (the mixed-load bench, scripts/bench.mjs). A JSON answer is a few KB to
 * a few hundred KB already in memory: brotli at quality 3 takes well under a millisecond for the
 * 30-step guidebook a save returns, so the loop is better off doing it at once.
 */
export async function compressJson(request: Request, response: Response): Promise<Response> {
  if (request.method === 'HEAD' || response.status === 204 || response.status === 304 || !response.body) return response;
  if (response.headers.has('content-encoding') || !(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  const encoding = negotiate(request.headers.get('accept-encoding'));
  if (encoding === 'html') return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  const init = { status: response.status, statusText: response.statusText, headers };
  // Small: sent as it is (its length tells `compression` to leave it too). Very large: streamed by `compression`.
  if (bytes.byteLength < MIN_BYTES) headers.set('content-length', String(bytes.byteLength));
  if (bytes.byteLength < MIN_BYTES || bytes.byteLength > MAX_BYTES) return new Response(bytes, init);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : zlib.gzipSync(bytes, { level: 6 });
  headers.set('content-encoding', encoding === 'br' ? 'br' : 'gzip');
  headers.set('content-length', String(body.byteLength));
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), init);
}
