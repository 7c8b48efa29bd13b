import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { renderServices } from './domain-services.ts';
import { adoptRenderSecret, RENDER_HEADER } from '../guest-pages/publish/rebuild-snapshots.ts';
import { CLIENT_ADDRESS_HEADER, markClientAddressResolved } from '../http/forwarded.ts';
import { assembleRuntime, getRuntime } from '../platform/runtime.ts';
import { markRenderWorker } from '../platform/serving-process.ts';

/**
 * Entry of the render worker (bundled to `<dist>/boot/render-worker.mjs` by scripts/build-boot.mjs,
 * started by guest-pages/publish/render-worker.ts): the built Astro server on a loopback port of
 * its own, answering the publishes' render requests of the process that started it and nothing
 * else. Its runtime has the same configuration and a read-only database, no demo seed, no bus
 * between servers and no background work (no mail, no jobs): it renders, the main thread stores.
 */
const { entry, secret } = workerData as { entry: string; secret: string };
// Before Astro's middleware can see a request: it starts the background work where none runs yet.
markRenderWorker();
assembleRuntime(renderServices);
adoptRenderSecret(secret);
await getRuntime();
markClientAddressResolved();
const { handler } = (await import(entry)) as { handler: (req: http.IncomingMessage, res: http.ServerResponse) => void };

const expected = Buffer.from(secret);

/** A render request of this process (the header carries its secret); anything else is refused. */
function isOwnRender(req: http.IncomingMessage): boolean {
  const sent = req.headers[RENDER_HEADER];
  if (req.method !== 'GET' || typeof sent !== 'string') return false;
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = http.createServer((req, res) => {
  if (!isOwnRender(req)) {
    res.writeHead(404, { connection: 'close' }).end();
    return;
  }
  req.headers[CLIENT_ADDRESS_HEADER] = '127.0.0.1';
  handler(req, res);
});
server.listen(0, '127.0.0.1', () => parentPort?.postMessage({ port: (server.address() as AddressInfo).port }));
