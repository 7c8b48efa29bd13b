// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStamp, decideBuild, writeStamp } from '../scripts/lib/build-stamp.mjs';

// `npm start` builds only when the build's inputs changed (scripts/start.mjs): the decision on a
// fake source tree and dist dir, no real build.
let root: string;
let dist: string;

function write(relative: string, body: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), body);
}

const decide = (force = false) => decideBuild({ root, dist, distName: 'dist', force });

/** As scripts/start.mjs does after a successful build. */
function built(): void {
  writeStamp(dist, decide().hash);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-start-'));
  dist = path.join(root, 'dist');
  for (const file of ['src/pages/index.astro', 'src/lib/a.ts', 'public/robots.txt', 'db/seed.ts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-boot.mjs', 'scripts/precompress.mjs', 'README.md', 'tests/a.test.ts']) {
    write(file, `// ${file}\n`);
  }
  for (const file of ['dist/server/entry.mjs', 'dist/boot/boot.mjs', 'dist/boot/admin.mjs']) write(file, '');
});

describe('npm start: build or not', () => {
  it('without a hash in the dist dir, builds', () => {
    expect(decide()).toMatchObject({ build: true, message: 'build: no finished build in dist/, building…' });
  });

  it('with the sources unchanged since the last build, serves that build', () => {
    built();
    expect(decide()).toMatchObject({ build: false, message: 'build: sources unchanged since the last build, serving dist/' });
    // Files the build does not read change nothing.
    write('README.md', 'edited');
    write('tests/a.test.ts', 'edited');
    write('dist/client/index.html', 'built page');
    expect(decide().build).toBe(false);
  });

  it.each([
    ['a source file edited', () => write('src/lib/a.ts', 'export const a = 2;\n')],
    ['a source file added', () => write('src/lib/b.ts', '')],
    ['a source file deleted', () => fs.rmSync(path.join(root, 'src/lib/a.ts'))],
    ['a source file renamed', () => fs.renameSync(path.join(root, 'src/lib/a.ts'), path.join(root, 'src/lib/c.ts'))],
    ['a public file edited', () => write('public/robots.txt', 'Disallow: /')],
    ['a migration added', () => write('db/migrations/002.ts', '')],
    ['astro.config.* edited', () => write('astro.config.mjs', '// other')],
    ['the lockfile edited', () => write('package-lock.json', '{}')],
    ['tsconfig.json edited', () => write('tsconfig.json', '{}')],
    ['a build script edited', () => write('scripts/precompress.mjs', '// other')],
  ])('with %s, builds', (_what, change) => {
    built();
    change();
    expect(decide()).toMatchObject({ build: true, message: 'build: sources changed, building…' });
  });

  it('compares contents, not times: the same bytes again build nothing', () => {
    built();
    write('src/lib/a.ts', 'changed');
    expect(decide().build).toBe(true);
    write('src/lib/a.ts', '// src/lib/a.ts\n');
    expect(decide().build).toBe(false);
  });

  it('builds when the hash is there but the build is not whole, when a build cleared it, and under FORCE_BUILD', () => {
    built();
    fs.rmSync(path.join(dist, 'server/entry.mjs'));
    expect(decide().build).toBe(true);
    write('dist/server/entry.mjs', '');
    expect(decide().build).toBe(false);
    expect(decide(true)).toMatchObject({ build: true, message: 'build: FORCE_BUILD=1, building…' });
    clearStamp(dist);
    expect(decide().build).toBe(true);
  });

  it('scripts/start.mjs --dry-run prints the decision for DIST_DIR and builds nothing', () => {
    const distName = `dist-start-test-${process.pid}`;
    const run = (env: Record<string, string>) =>
      execFileSync(process.execPath, ['scripts/start.mjs', '--dry-run'], { env: { PATH: process.env.PATH, DIST_DIR: distName, ...env }, encoding: 'utf8' });
    expect(run({})).toBe(`build: no finished build in ${distName}/, building…\n`);
    expect(run({ FORCE_BUILD: '1' })).toBe('build: FORCE_BUILD=1, building…\n');
    expect(fs.existsSync(distName)).toBe(false);
    expect(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start).toBe('node scripts/start.mjs');
  });

  it('scripts/start.mjs on a Node older than 22.12 says what to install before deciding anything', () => {
    // As tests/foundation.test.ts does for the other entries: the running Node made to report 20.19.0.
    const olderNode = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.19.0"}})';
    let failed: { status: number; stdout: string; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, ['--import', olderNode, 'scripts/start.mjs', '--dry-run'], { env: { PATH: process.env.PATH }, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failed = error as typeof failed;
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain('porchlight: Node.js 20.19.0 is too old; Node 22.12 or later is needed');
    expect(failed?.stdout).not.toContain('build:');
  });
});
