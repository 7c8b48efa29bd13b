import { processSingleton } from './process-singleton.ts';

/**
 * Whether this process serves (scripts/serve.mjs started its background work, workers.ts) or is
 * the admin command line, which renders nothing and retries nothing: the guest pages' rebuilds and
 * pending removals ask here. A leaf, so those modules need not import the workers.
 */
const serving = processSingleton('serving-process', () => ({ stop: undefined as (() => Promise<void>) | undefined }));

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
