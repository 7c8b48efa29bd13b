import { processSingleton } from './process-singleton.ts';

/**
 * Whether this process serves (scripts/serve.mjs started its background work, workers.ts) or is
 * the admin command line, which renders nothing and retries nothing: the guest pages' rebuilds and
 * pending removals ask here. A leaf, so those modules need not import the workers.
 */
const serving = processSingleton('serving-process', () => ({ stop: undefined as (() => Promise<void>) | undefined, renderWorker: false }));

export function isServingProcess(): boolean {
  return serving.stop !== undefined;
}

/** workers.ts, once its background work runs; `stop` ends it. */
export function markServingProcess(stop: () => Promise<void>): void {
  serving.stop = stop;
}

/** Ends the background work, if this process started it (runtime.close()). */
export async function stopServingProcess(): Promise<void> {
  const stop = serving.stop;
  serving.stop = undefined;
  await stop?.();
}

/**
 * The render worker (start/render-worker-entry.ts) is a thread whose server answers the publishes'
 * renders only: the background work (mail, jobs, removals) is the process's that started it, and
 * must never start a second time there (the middleware would start it at the worker's first request).
 */
export function markRenderWorker(): void {
  serving.renderWorker = true;
}

export function isRenderWorker(): boolean {
  return serving.renderWorker;
}
