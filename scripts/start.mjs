// @ts-check
// `npm start`: builds only when the build's inputs changed since the last build
// (scripts/lib/build-stamp.mjs), then serves that build in this process (scripts/serve.mjs, so
// Ctrl-C and SIGTERM reach its graceful shutdown directly). `npm run build` always builds;
// FORCE_BUILD=1 builds here too; `--dry-run` prints the decision and stops.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearStamp, decideBuild, writeStamp } from './lib/build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distName = process.env.DIST_DIR ?? 'dist';
const dist = path.resolve(root, distName);
const decision = decideBuild({ root, dist, distName, force: process.env.FORCE_BUILD === '1' });
console.log(decision.message);
if (process.argv.includes('--dry-run')) process.exit(0);

if (decision.build) {
  clearStamp(dist);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error('build: failed, not serving');
    process.exit(build.status ?? 1);
  }
  writeStamp(dist, decision.hash);
}
await import('./serve.mjs');
