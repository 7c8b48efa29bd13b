import { ConfigError } from './config.ts';
import { getRuntime, type Runtime } from './runtime.ts';
import { baseSecurityHeaders } from './http/security.ts';

/**
 * Entry of the boot bundle (dist/boot/boot.mjs, built by scripts/build-boot.mjs): validates the
 * configuration, opens and migrates the database, seeds the demo and starts the outbox, before
 * scripts/serve.mjs accepts a single request. A bad configuration stops the start here.
 */
export async function boot(): Promise<Runtime> {
  try {
    return await getRuntime();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`porchlight: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

export { baseSecurityHeaders };
export { createSnapshotFastPath } from './snapshots/serve-snapshot-node.ts';
export { CLIENT_ADDRESS_HEADER, markClientAddressResolved, resolveClientAddress } from './http/forwarded.ts';
