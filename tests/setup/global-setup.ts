import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Integration tests run the built server (dist/), as production does. Build once per run unless
 * the caller says the build is fresh (CI builds before, `SKIP_BUILD=1`).
 */
export default function setup(): void {
  if (process.env.SKIP_BUILD === '1' && fs.existsSync(`${process.env.DIST_DIR ?? 'dist'}/server/entry.mjs`)) return;
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
