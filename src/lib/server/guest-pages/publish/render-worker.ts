import { Worker } from 'node:worker_threads';
import type { Logger } from '../../platform/logger.ts';
import { processSingleton } from '../../platform/process-singleton.ts';

/** The files of the built server: the worker's entry (`<dist>/boot/render-worker.mjs`) and Astro's (`<dist>/server/entry.mjs`). */
export interface RenderWorkerFiles {
  worker: URL;
  entry: URL;
}

/** A worker that died is started again at a later publish, at most this often. */
const RESTART_AFTER_MS = 60_000;

/**
 * The worker's young generation, where a render's short-lived objects go. V8 sizes it from the
 * machine's memory (128 MB on a 24 GB host), and the worker grew into all of it during a burst of
 * saves and kept it: about 100 MB of resident memory. At 16 MB a save costs no more CPU
 * (docs/performance.md, "Eleventh round").
 */
const YOUNG_GENERATION_MB = 16;

const state = processSingleton('render-worker', () => ({
  worker: undefined as Worker | undefined,
  /** The port it listens on, once it does. */
  port: undefined as number | undefined,
  /** When it was last started (0: never). */
  startedAt: 0,
  start: undefined as (() => void) | undefined,
}));

/**
 * Readies the render worker (docs/performance.md, "Fourth round"): a thread of its own that runs
 * the same Astro server on a loopback port of its own and answers the publishes' render requests
 * only (start/render-worker-entry.ts). A publish's render took about 2.5 ms of the main thread,
 * the thread that also answers every guest; there it takes none. It starts at the first publish
 * (a server that is never edited never pays for a second runtime); until it listens, and whenever
 * it is down, publishes render on this server's own port as before, and a worker that died is
 * started again at a later publish, at most once a minute.
 */
export function useRenderWorker(files: RenderWorkerFiles, secret: string, log: Logger): void {
  state.start = () => {
    state.startedAt = Date.now();
    let worker: Worker;
    try {
      worker = new Worker(files.worker, { workerData: { entry: files.entry.href, secret }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    } catch (error) {
      log.error({ err: error }, 'render worker: not started; publishes render on the main thread');
      return;
    }
    // It never keeps the process alive: a server stopping ends it (stopRenderWorker).
    worker.unref();
    state.worker = worker;
    worker.once('message', (message: { port: number }) => {
      if (state.worker !== worker) return;
      state.port = message.port;
      log.info({ port: message.port }, 'render worker: listening; publishes render there');
    });
    worker.on('error', (error) => log.error({ err: error }, 'render worker failed; publishes render on the main thread until it is started again'));
    worker.once('exit', (code) => {
      // Not stopped by stopRenderWorker: it died (its error is logged above).
      if (state.worker !== worker) return;
      state.worker = undefined;
      state.port = undefined;
      log.warn({ code }, 'render worker exited; publishes render on the main thread until it is started again');
    });
  };
}

/** The render worker's port, or undefined (render on this server's own); starts the worker when it is not running (see useRenderWorker). */
export function renderWorkerPort(): number | undefined {
  if (!state.worker && state.start && (state.startedAt === 0 || Date.now() - state.startedAt > RESTART_AFTER_MS)) state.start();
  return state.port;
}

/** Ends the worker (the server is stopping): its renders in flight fail and nothing more is sent to it. */
export async function stopRenderWorker(): Promise<void> {
  const { worker } = state;
  state.start = undefined;
  state.worker = undefined;
  state.port = undefined;
  await worker?.terminate();
}
