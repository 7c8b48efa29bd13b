// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The server starts in the mode its build was made for (scripts/lib/production-env.mjs, recorded
// by scripts/build-boot.mjs): a production build runs React's production server renderer even with
// NODE_ENV unset, and a test build, whose islands call React's development runtime, never does.
const root = path.resolve(import.meta.dirname, '..');
let distName: string;

function recordBuild(nodeEnv: string): void {
  fs.mkdirSync(path.join(root, distName, 'boot'), { recursive: true });
  fs.writeFileSync(path.join(root, distName, 'boot', 'build-mode.json'), JSON.stringify({ nodeEnv }));
}

/** NODE_ENV as a process that imported the module first sees it. */
function nodeEnvAtStart(env: Record<string, string | undefined>): string {
  const { NODE_ENV: _dropped, ...inherited } = process.env;
  return execFileSync(process.execPath, ['--import', './scripts/lib/production-env.mjs', '-e', 'console.log(process.env.NODE_ENV ?? "unset")'], {
    cwd: root,
    env: { ...inherited, DIST_DIR: distName, ...env },
    encoding: 'utf8',
  }).trim();
}

beforeEach(() => {
  distName = `.production-env-test-${process.pid}-${Date.now()}`;
});

afterEach(() => {
  fs.rmSync(path.join(root, distName), { recursive: true, force: true });
});

describe('the server runs in its build’s mode', () => {
  it('a production build with NODE_ENV unset runs as production', () => {
    recordBuild('production');
    expect(nodeEnvAtStart({})).toBe('production');
  });

  it('a test build with NODE_ENV unset keeps it unset', () => {
    recordBuild('test');
    expect(nodeEnvAtStart({})).toBe('unset');
  });

  it('a build with no record keeps it unset', () => {
    expect(nodeEnvAtStart({})).toBe('unset');
  });

  it('a NODE_ENV the operator set is kept', () => {
    recordBuild('production');
    expect(nodeEnvAtStart({ NODE_ENV: 'development' })).toBe('development');
  });
});
