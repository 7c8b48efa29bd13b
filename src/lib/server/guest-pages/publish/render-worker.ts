import { Worker } from 'node:worker_threads';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';

/** The files of the built server: the worker's entry (`<dist>/boot/render-worker.mjs`) and Astro's (`<dist>/server/entry.mjs`). */
export interface RenderWorkerFiles {
  worker: URL;
  entry: URL;
}

/** A worker that died is started again at a publish, at most this often. */
const RESTART_AFTER_MS = 60_000;

const state = processSingleton('render-worker', () => ({
  worker: undefined as Worker | undefined,
  /** The port it listens on, once it does. */
  port: undefined as number | undefined,
  startedAt: 0,
  restart: undefined as (() => void) | undefined,
}));

/**
 * Starts the render worker (docs/performance.md, "Fourth round"): a thread of its own that runs the
 * same Astro server on a loopback port of its own and answers the publishes' render requests only
 * (start/render-worker-entry.ts). A publish's render took about 2.5 ms of the main
 * thread, the thread that also answers every guest; there it takes none. Until the worker listens,
 * and whenever it is down, publishes render on this server's own port as before; a worker that
 * died is started again at a later publish. Resolves once it listens or has failed.
 */
export function startRenderWorker(files: RenderWorkerFiles, secret: string, log: Logger): Promise<void> {
  const start = (): Promise<void> =>
    new Promise((resolve) => {
      state.startedAt = Date.now();
      let worker: Worker;
      try {
        // Its environment is a copy of this process's: the same configuration. On PostgreSQL its
        // pool opens connections as its renders need them (two renders at a time at most).
        worker = new Worker(files.worker, { workerData: { entry: files.entry.href, secret } });
      } catch (error) {
        log.error({ err: error }, 'render worker: not started; publishes render on the main thread');
        resolve();
        return;
      }
      // It never keeps the process alive: a server stopping ends it (stopRenderWorker).
      worker.unref();
      state.worker = worker;
      worker.once('message', (message: { port: number }) => {
        if (state.worker === worker) {
          state.port = message.port;
          log.info({ port: message.port }, 'render worker: listening; publishes render there');
        }
        resolve();
      });
      worker.on('error', (error) => log.error({ err: error }, 'render worker failed; publishes render on the main thread until it is started again'));
      worker.once('exit', (code) => {
        // Not stopped by stopRenderWorker: it died (its error is logged above).
        if (state.worker === worker) {
          state.worker = undefined;
          state.port = undefined;
          log.warn({ code }, 'render worker exited; publishes render on the main thread until it is started again');
        }
        resolve();
      });
    });
  state.restart = () => void start();
  return start();
}

/** The render worker's port, or undefined (render on this server's own): a worker that died is started again here, at most once a minute. */
export function renderWorkerPort(): number | undefined {
  if (!state.worker && state.restart && Date.now() - state.startedAt > RESTART_AFTER_MS) state.restart();
  return state.port;
}

/** Ends the worker (the server is stopping): its renders in flight fail and nothing more is sent to it. */
export async function stopRenderWorker(): Promise<void> {
  const { worker } = state;
  state.restart = undefined;
  state.worker = undefined;
  state.port = undefined;
  await worker?.terminate();
}
