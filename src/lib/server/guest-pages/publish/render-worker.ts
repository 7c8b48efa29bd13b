import { Worker } from 'node:worker_threads';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';
import type { EncodedPage } from '../store/compress-page.ts';

/** The files of the built server: the worker's entry (`<dist>/boot/render-worker.mjs`) and Astro's (`<dist>/server/entry.mjs`). */
export interface RenderWorkerFiles {
  worker: URL;
  entry: URL;
}

/** A page rendered by the worker: its status, the headers the store keeps (lower-case names), its bytes, and for a 200 the page ready to store. */
export interface WorkerRender {
  status: number;
  headers: Record<string, string>;
  html: Uint8Array;
  encoded: EncodedPage | null;
}

/** What the main thread asks the worker, and what the worker posts back (start/render-worker-entry.ts). */
export interface WorkerRenderRequest {
  id: number;
  path: string;
}
export type WorkerMessage = { ready: true } | { id: number; render: WorkerRender } | { id: number; error: string };

/** A worker that died is started again at a later publish, at most this often. */
const RESTART_AFTER_MS = 60_000;

interface Pending {
  resolve: (render: WorkerRender) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const state = processSingleton('render-worker', () => ({
  worker: undefined as Worker | undefined,
  /** It has loaded the server and takes renders. */
  ready: false,
  pending: new Map<number, Pending>(),
  nextId: 1,
  /** When it was last started (0: never). */
  startedAt: 0,
  start: undefined as (() => void) | undefined,
}));

/**
 * Readies the render worker (docs/performance.md, "Fourth round" and "Sixth round"): a thread of
 * its own that loads the same Astro server and renders the publishes' pages, asked over its
 * message port: no socket, no HTTP between the threads. It also compresses each page it rendered,
 * so the main thread, the one that answers every guest, only stores what comes back. It starts
 * at the first publish (a server that is never edited never pays for a second runtime); until it
 * is ready, and whenever it is down, publishes render on this server's own port as before, and a
 * worker that died is started again at a later publish, at most once a minute.
 */
export function useRenderWorker(files: RenderWorkerFiles, secret: string, log: Logger): void {
  state.start = () => {
    state.startedAt = Date.now();
    let worker: Worker;
    try {
      worker = new Worker(files.worker, { workerData: { entry: files.entry.href, secret } });
    } catch (error) {
      log.error({ err: error }, 'render worker: not started; publishes render on the main thread');
      return;
    }
    // It keeps the process alive only while a render waits for it: a server stopping ends it (stopRenderWorker).
    worker.unref();
    state.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (state.worker !== worker) return;
      if ('ready' in message) {
        state.ready = true;
        log.info('render worker: ready; publishes render there');
        return;
      }
      const waiting = settle(message.id);
      if ('render' in message) waiting?.resolve(message.render);
      else waiting?.reject(new Error(`render worker: ${message.error}`));
    });
    worker.on('error', (error) => log.error({ err: error }, 'render worker failed; publishes render on the main thread until it is started again'));
    worker.once('exit', (code) => {
      // Not stopped by stopRenderWorker: it died (its error is logged above).
      if (state.worker !== worker) return;
      forget(new Error(`render worker exited (${code})`));
      log.warn({ code }, 'render worker exited; publishes render on the main thread until it is started again');
    });
  };
}

/**
 * `path` rendered and encoded by the worker, or undefined when it is not ready (render on this
 * server's own port; this starts it when it is not running). The promise fails when the worker
 * does not answer within `timeoutMs` or dies meanwhile: the caller renders on its own port.
 */
export function renderInWorker(path: string, timeoutMs: number): Promise<WorkerRender> | undefined {
  if (!state.worker && state.start && (state.startedAt === 0 || Date.now() - state.startedAt > RESTART_AFTER_MS)) state.start();
  const { worker } = state;
  if (!worker || !state.ready) return undefined;
  const id = state.nextId++;
  return new Promise<WorkerRender>((resolve, reject) => {
    const timer = setTimeout(() => settle(id)?.reject(new Error('render worker: no answer in time')), timeoutMs);
    state.pending.set(id, { resolve, reject, timer });
    if (state.pending.size === 1) worker.ref();
    worker.postMessage({ id, path } satisfies WorkerRenderRequest);
  });
}

/** Takes one waiting render off the list (its answer came, or its time ran out). */
function settle(id: number): Pending | undefined {
  const waiting = state.pending.get(id);
  if (!waiting) return undefined;
  state.pending.delete(id);
  clearTimeout(waiting.timer);
  if (state.pending.size === 0) state.worker?.unref();
  return waiting;
}

/** The worker is gone: the renders waiting for it fail (and render on the server's own port). */
function forget(error: Error): void {
  const waiting = [...state.pending.keys()].map(settle);
  state.worker = undefined;
  state.ready = false;
  for (const render of waiting) render?.reject(error);
}

/** Ends the worker (the server is stopping): its renders in flight fail and nothing more is sent to it. */
export async function stopRenderWorker(): Promise<void> {
  const { worker } = state;
  state.start = undefined;
  forget(new Error('render worker stopped'));
  await worker?.terminate();
}
