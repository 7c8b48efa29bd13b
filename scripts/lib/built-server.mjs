// What `npm run audit` and `npm run bench` both need: build unless SKIP_BUILD=1, then run the built
// server (scripts/serve.mjs) in its own process, as in production, on a free port with a
// throw-away DATA_DIR, and stop it again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run build` unless SKIP_BUILD=1; exits the script when the build fails. */
export function buildUnlessSkipped(name) {
  if (process.env.SKIP_BUILD === '1') return;
  console.log(`${name}: building…`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error(`${name}: the build failed`);
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The server processes still running, each stopped when this script exits however it ends: one
 * `exit` listener for all (the bench runs more than the ten a process warns about).
 */
const running = new Set();
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
});

/**
 * Spawns a server process (node unless `command` says otherwise) with this process's environment
 * plus `env`, and waits until `probe` answers 2xx. Returns its `pid` (the bench reads its memory
 * from /proc) and `stop()`, which sends SIGTERM, waits for the exit, then runs `cleanup`.
 */
export async function spawnServer(args, env, probe, cleanup = () => {}, command = process.execPath, cwd = root) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Never leave the server behind, even when the script dies of an uncaught error.
  running.add(child);
  exited.then(() => running.delete(child));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${probe} did not answer within 30 s`);
    if (await fetch(probe).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    cleanup();
  };
  return { pid: child.pid, stop };
}

/**
 * The built server on a free port with a temporary DATA_DIR (removed on stop) and LOG_LEVEL=warn
 * unless set, plus `extraEnv` (the bench's PostgreSQL server passes DATABASE_URL). `url` is the
 * IPv4 address to request; `origin` is its APP_URL (localhost), the origin the browser-facing
 * checks (Origin header, cookies) expect; `pid` is the server process; `databaseUrl` its
 * DATABASE_URL when it runs on PostgreSQL. `checkout` is the working tree whose build runs: this
 * one, or an earlier commit's (`npm run bench -- --mixed --against <commit>`).
 */
export async function startBuiltServer(name, extraEnv = {}, checkout = root) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `porchlight-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', APP_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...extraEnv };
  const { pid, stop } = await spawnServer(['scripts/serve.mjs'], env, `${url}/readyz`, () => fs.rmSync(dataDir, { recursive: true, force: true }), process.execPath, checkout);
  return { url, origin, dataDir, pid, stop, databaseUrl: (env.DATABASE_URL ?? process.env.DATABASE_URL) || undefined };
}
