// @ts-check
// Whether `npm start` needs a build (scripts/start.mjs): a SHA-256 of everything `npm run build`
// reads, written into the dist dir after a successful build and compared before the next start.
// A content hash, not modification times: a checkout or an undo that restores the same bytes
// builds nothing.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders the build reads: the app (the demo seed included), its static files, the schema and migrations. */
const INPUT_DIRS = ['src', 'public', 'db'];
/** Files the build reads besides astro.config.*: the scripts of `npm run build` and what pins its packages. */
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-boot.mjs', 'scripts/precompress.mjs'];
/** What a finished build holds (scripts/serve.mjs and scripts/admin.mjs load them). */
const OUTPUTS = ['server/entry.mjs', 'boot/boot.mjs', 'boot/admin.mjs'];
export const STAMP_FILE = '.build-inputs.sha256';

/**
 * @param {string} root the repository
 * @param {string} relative a folder under it
 * @returns {string[]} its files, `/`-separated and relative to root
 */
function listFiles(root, relative) {
  const dir = path.join(root, relative);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = `${relative}/${entry.name}`;
    return entry.isDirectory() ? listFiles(root, name) : [name];
  });
}

/** @param {string} root @returns {string} the hex SHA-256 of the build's inputs under root */
export function hashBuildInputs(root) {
  const configs = fs.readdirSync(root).filter((name) => name.startsWith('astro.config.'));
  const files = [...INPUT_DIRS.flatMap((dir) => listFiles(root, dir)), ...INPUT_FILES.filter((file) => fs.existsSync(path.join(root, file))), ...configs].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const body = fs.readFileSync(path.join(root, file));
    // Name and length before the bytes: a file moved or split differs from the original.
    hash.update(`${file}\0${body.length}\0`);
    hash.update(body);
  }
  return hash.digest('hex');
}

/**
 * @typedef {{ build: boolean, hash: string, message: string }} BuildDecision
 * @param {{ root: string, dist: string, distName: string, force: boolean }} options
 *   dist is the dist dir's path, distName how the log names it (DIST_DIR)
 * @returns {BuildDecision}
 */
export function decideBuild({ root, dist, distName, force }) {
  const hash = hashBuildInputs(root);
  const stampFile = path.join(dist, STAMP_FILE);
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : undefined;
  const whole = OUTPUTS.every((file) => fs.existsSync(path.join(dist, file)));
  if (force) return { build: true, hash, message: 'build: FORCE_BUILD=1, building…' };
  if (stamp === undefined || !whole) return { build: true, hash, message: `build: no finished build in ${distName}/, building…` };
  if (stamp !== hash) return { build: true, hash, message: 'build: sources changed, building…' };
  return { build: false, hash, message: `build: sources unchanged since the last build, serving ${distName}/` };
}

/** Before a build: a build that fails halfway must not look finished. @param {string} dist */
export function clearStamp(dist) {
  fs.rmSync(path.join(dist, STAMP_FILE), { force: true });
}

/** After a successful build, the hash taken before it (edits made during the build build again). @param {string} dist @param {string} hash */
export function writeStamp(dist, hash) {
  fs.writeFileSync(path.join(dist, STAMP_FILE), `${hash}\n`);
}
