import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * Which build rendered a snapshot: a hash of the hashed asset names in `<dist>/client/_astro`.
 * A snapshot points at those files (stylesheet, scripts) and carries their CSP hashes, so one
 * made by another build is stale and is rendered again. The server bundle sits somewhere under
 * `<dist>/server`; the folder is found by walking up from this module. Without one (astro dev)
 * every process start counts as a new build.
 */
export function currentBuildId(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const assets = path.join(dir, 'client', '_astro');
    if (fs.existsSync(assets)) {
      const names = fs.readdirSync(assets).sort().join('\n');
      cached = createHash('sha256').update(names).digest('base64url').slice(0, 16);
      return cached;
    }
    dir = path.dirname(dir);
  }
  cached = `dev-${Date.now().toString(36)}`;
  return cached;
}
