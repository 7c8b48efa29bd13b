import { ConfigError } from '../platform/config.ts';
import { baseSecurityHeaders } from '../http/security.ts';
import { assembleRuntime, getRuntime, type Runtime } from '../platform/runtime.ts';
import { domainServices } from './domain-services.ts';
import { createSnapshotFastPath as createFastPath } from '../guest-pages/serve/serve-snapshot-node.ts';
import { limitSnapshotMemory } from '../guest-pages/store/snapshot-store.ts';
import { limitIndexMemory } from '../assistant/index-store.ts';
import { startWorkers } from './workers.ts';

/**
 * Entry of the boot bundle (dist/boot/boot.mjs, built by scripts/build-boot.mjs): validates the
 * configuration, opens and migrates the database, seeds the demo and starts the workers (mail,
 * clean-ups), before scripts/serve.mjs accepts a single request. A bad configuration stops the
 * start here.
 */
let booted: Runtime | undefined;

export async function boot(): Promise<Runtime> {
  try {
    assembleRuntime(domainServices);
    const runtime = await getRuntime();
    // Before anything is rendered or read: the guest pages held in memory (GUEST_PAGE_MEMORY_MB).
    if (runtime.config.guestPageMemoryBytes !== undefined) limitSnapshotMemory(runtime.config.guestPageMemoryBytes);
    // And the ask indexes loaded (ASSISTANT_INDEX_MEMORY_MB), apart from the pages.
    if (runtime.config.assistantIndexMemoryBytes !== undefined) limitIndexMemory(runtime.config.assistantIndexMemoryBytes);
    // This module runs as <dist>/boot/boot.mjs, beside the render worker's entry and under Astro's.
    await startWorkers(runtime, { renderWorker: { worker: new URL('./render-worker.mjs', import.meta.url), entry: new URL('../server/entry.mjs', import.meta.url) } });
    booted = runtime;
    return runtime;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`porchlight: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

export { baseSecurityHeaders };

/** The guest fast path (serve-snapshot-node.ts) with the booted process's CDN cache policy. */
export function createSnapshotFastPath(options: { securityHeaders: Record<string, string> }): ReturnType<typeof createFastPath> {
  return createFastPath({ ...options, purgeable: Boolean(booted?.config.cdn) });
}
export { createStaticFastPath } from '../http/static-files.ts';
export { answerMalformedTarget } from '../http/malformed-target.ts';
export { CLIENT_ADDRESS_HEADER, markClientAddressResolved, resolveClientAddress } from '../http/forwarded.ts';
