// @ts-check
// Production entry: boot (config, migrations, seed, outbox), then serve the built Astro app with
// request timeouts, an early body-size check and a graceful shutdown (docs/security.md 26, 27).
import './lib/require-node.mjs';
import './lib/production-env.mjs';
import http from 'node:http';
import compression from 'compression';

const MAX_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024; // uploads (10 MB) plus multipart overhead
const SHUTDOWN_DEADLINE_MS = 10_000;

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const dist = new URL(`../${process.env.DIST_DIR ?? 'dist'}/`, import.meta.url);
/** @type {typeof import('../src/lib/server/start/boot.ts')} */
const bootBundle = await import(new URL('boot/boot.mjs', dist).href);
const { boot, answerMalformedTarget, baseSecurityHeaders, createSnapshotFastPath, createStaticFastPath, CLIENT_ADDRESS_HEADER, markClientAddressResolved, resolveClientAddress } = bootBundle;
const runtime = await boot();
const { config, log } = runtime;
const { handler } = await import(new URL('server/entry.mjs', dist).href);
const baseline = baseSecurityHeaders(config);
const securityHeaders = Object.entries(baseline);
// Every request below gets the client's address resolved here (TRUST_PROXY, http/forwarded.ts).
markClientAddressResolved();
// Guest pages held in memory are answered before Astro, synchronously (docs/decisions/007).
const answerFromSnapshot = createSnapshotFastPath({ securityHeaders: baseline });
// Prerendered pages and built assets answer from memory with the copies compressed at build.
const answerStatic = createStaticFastPath({
  clientDir: new URL('client/', dist).pathname,
  headersFile: new URL('_headers.json', dist).pathname,
  securityHeaders: baseline,
});
// What Astro renders (HTML, JSON) goes out brotli/gzip-compressed; images and snapshots do not.
const compress = compression({ threshold: 1024 });
/**
 * `compression` is typed for Express; a plain node:http pair is what it handles at run time.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
const serveApp = (req, res) => {
  compress(/** @type {any} */ (req), /** @type {any} */ (res), () => handler(req, res));
};

/**
 * The fast path must never take the server down: on a bug there, Astro answers instead.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @returns {boolean}
 */
function fromSnapshot(req, res) {
  try {
    return answerFromSnapshot(req, res);
  } catch (error) {
    log.error({ err: error }, 'snapshot fast path failed');
    return res.headersSent;
  }
}

/** Responses not yet finished: at shutdown those that have not started get `Connection: close`. */
/** @type {Set<http.ServerResponse>} */
const inFlight = new Set();
let stopping = false;

const server = http.createServer((req, res) => {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    res.end(JSON.stringify({ message: 'The request body is too large.' }));
    req.destroy();
    return;
  }
  // While stopping, answer with `Connection: close` so a keep-alive client does not hold the
  // process open for keepAliveTimeout after its last answer.
  if (stopping) res.shouldKeepAlive = false;
  // Answered and finished right here, so never in flight at a shutdown.
  if (req.url?.startsWith('/instruction') && fromSnapshot(req, res)) return;
  if (answerStatic(req, res) || answerMalformedTarget(req, res, baseline)) return;
  // Static files bypass Astro's middleware: give them the same baseline headers.
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  // The client as seen through trusted proxies only; a copy sent by the client is replaced.
  req.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustedProxies);
  inFlight.add(res);
  res.on('close', () => inFlight.delete(res));
  serveApp(req, res);
});
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;
// An idle kept-alive connection is closed by its client before the server does: a proxy's pool
// (nginx, a load balancer: 60 s) or a test's request context that reuses a socket just as the
// server closed it gets a reset (ECONNRESET) instead of an answer.
server.keepAliveTimeout = 65_000;

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ url: `http://${config.host}:${port}`, appUrl: config.appUrl.origin }, 'porchlight: listening');
});

/** @param {NodeJS.Signals} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'porchlight: shutting down');
  const forced = setTimeout(() => {
    log.warn('porchlight: deadline reached, closing open connections');
    server.closeAllConnections();
  }, SHUTDOWN_DEADLINE_MS);
  forced.unref();
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  // Stop accepting; in-flight requests finish; idle keep-alive sockets go now.
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  clearTimeout(forced);
  await runtime.close();
  log.info('porchlight: stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
