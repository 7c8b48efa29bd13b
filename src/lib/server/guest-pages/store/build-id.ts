import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * Which build rendered a snapshot: a hash of the content-hashed file names in `<dist>/client/_astro`
 * and `<dist>/server/chunks`. A snapshot points at the first (stylesheet, scripts) and carries
 * their CSP hashes, and the second render it (a fix to the guest page's markup or to how stored
 * rich text is cleaned changes only server chunks), so one made by another build is stale and is
 * rendered again. `<dist>` is found by walking up from this module (server chunks and boot
 * bundle alike). Without one (astro dev) every process start counts as a new build.
 */
export function currentBuildId(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const assets = path.join(dir, 'client', '_astro');
    if (fs.existsSync(assets)) {
      const chunks = path.join(dir, 'server', 'chunks');
      const names = [...fs.readdirSync(assets), ...(fs.existsSync(chunks) ? fs.readdirSync(chunks).map((name) => `server/${name}`) : [])].sort().join('\n');
      cached = createHash('sha256').update(names).digest('base64url').slice(0, 16);
      return cached;
    }
    dir = path.dirname(dir);
  }
  cached = `dev-${Date.now().toString(36)}`;
  return cached;
}
