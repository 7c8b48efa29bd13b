import type http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import inject from 'light-my-request';
import { renderServices } from './domain-services.ts';
import { adoptRenderSecret, RENDER_HEADER } from '../guest-pages/publish/rebuild-snapshots.ts';
import type { WorkerMessage, WorkerRender, WorkerRenderRequest } from '../guest-pages/publish/render-worker.ts';
import { SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_LANGUAGES_HEADER, SNAPSHOT_SOURCE_HEADER } from '../guest-pages/page-headers.ts';
import { encodePageHere } from '../guest-pages/store/compress-page.ts';
import { CLIENT_ADDRESS_HEADER, markClientAddressResolved } from '../http/forwarded.ts';
import { assembleRuntime, getRuntime } from '../platform/runtime.ts';
import { markRenderWorker } from '../platform/serving-process.ts';

/**
 * Entry of the render worker (bundled to `<dist>/boot/render-worker.mjs` by scripts/build-boot.mjs,
 * started by guest-pages/publish/render-worker.ts): the built Astro server's request handler,
 * asked for pages over the worker's message port and called in memory (light-my-request, no socket
 * and no HTTP between the threads); it listens on no port, so nothing else can ask it anything.
 * Each page it rendered whole (200) comes back compressed and with its entity tag, ready to store.
 * Its runtime has the same configuration and a read-only database, no demo seed, no bus between
 * servers and no background work (no mail, no jobs): it renders, the main thread stores.
 */
const { entry, secret } = workerData as { entry: string; secret: string };
const port = parentPort!;
// Before Astro's middleware can see a request: it starts the background work where none runs yet.
markRenderWorker();
assembleRuntime(renderServices);
adoptRenderSecret(secret);
await getRuntime();
markClientAddressResolved();
const { handler } = (await import(entry)) as { handler: http.RequestListener };

/** The response headers the store keeps (rebuild-snapshots.ts reads them back). */
const KEPT_HEADERS = ['content-security-policy', SNAPSHOT_EXPIRES_HEADER, SNAPSHOT_SOURCE_HEADER, SNAPSHOT_LANGUAGES_HEADER];

async function render(path: string): Promise<WorkerRender> {
  const response = await inject(handler, {
    method: 'GET',
    url: path,
    headers: { [RENDER_HEADER]: secret, 'accept-encoding': 'identity', [CLIENT_ADDRESS_HEADER]: '127.0.0.1' },
    remoteAddress: '127.0.0.1',
  });
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  // A buffer of its own (the payload may sit in a shared pool), so it can be handed over.
  const html = new Uint8Array(response.rawPayload);
  return { status: response.statusCode, headers, html, encoded: response.statusCode === 200 ? encodePageHere(html) : null };
}

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', ({ id, path }: WorkerRenderRequest) => {
  render(path).then(
    (done) => post({ id, render: done }, [done.html.buffer as ArrayBuffer, ...(done.encoded ? [done.encoded.br.buffer as ArrayBuffer, done.encoded.gz.buffer as ArrayBuffer] : [])]),
    (error: unknown) => post({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
post({ ready: true });
