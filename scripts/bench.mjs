// `npm run bench`: throughput and latency of the built server, next to a bare node:http server
// answering the same landing-page bytes (the ceiling for this machine). Builds first unless
// SKIP_BUILD=1; the server runs with a throw-away DATA_DIR and LOG_LEVEL=warn (one log line per
// request would measure the terminal). The numbers are for comparing changes on one machine.
//
//   npm run bench
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * One row per measured path. `target: 'app'` hits the Porchlight server, `'reference'` the bare
 * node:http server holding the landing HTML. Add a row here to measure a new route.
 */
const ROWS = [
  { name: 'static reference (node:http)', target: 'reference', path: '/' },
  { name: 'landing / (prerendered)', target: 'app', path: '/' },
  { name: '/healthz (SSR + SQLite)', target: 'app', path: '/healthz' },
];

if (process.env.SKIP_BUILD !== '1') {
  console.log('bench: building…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('bench: the build failed');
    process.exit(1);
  }
}

const app = await startApp();
let reference;
const results = [];
try {
  const landing = await fetch(`${app.url}/`);
  if (!landing.ok) throw new Error(`GET / answered ${landing.status}`);
  const html = Buffer.from(await landing.arrayBuffer());
  reference = await startReference(html, landing.headers.get('content-type') ?? 'text/html');
  const base = { app: app.url, reference: reference.url };

  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per row (after a 1 s warm-up), landing ${html.length} bytes`);
  for (const row of ROWS) {
    const url = base[row.target] + row.path;
    await measure(url, 1); // warm-up: JIT, caches, connection set-up
    const r = await measure(url, SECONDS);
    results.push({ ...row, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
  }
} finally {
  await reference?.stop();
  await app.stop();
}

const ref = results.find((row) => row.target === 'reference')?.rps ?? NaN;
printTable(
  ['path', 'req/s', 'p50 ms', 'p99 ms', 'vs static', 'errors'],
  results.map((row) => [row.name, Math.round(row.rps), row.p50, row.p99, `${((row.rps / ref) * 100).toFixed(0)}%`, row.bad]),
);
if (results.some((row) => row.bad > 0)) {
  console.error('bench: some requests failed (non-2xx, errors or timeouts); the numbers above are not comparable');
  process.exitCode = 1;
}

function measure(url, duration) {
  return autocannon({ url, connections: CONNECTIONS, duration });
}

function printTable(columns, data) {
  const widths = columns.map((c, i) => Math.max(c.length, ...data.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(`\n${line(columns)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of data) console.log(line(row));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns a node process and waits until `probe` answers 2xx; stop() sends SIGTERM and waits. */
async function spawnServer(args, env, probe, cleanup = () => {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Never leave the server behind, even when this script dies of an uncaught error.
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${probe} did not answer within 30 s`);
    if (await fetch(probe).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    cleanup();
  };
}

/** The built server (scripts/serve.mjs), in its own process as in production. */
async function startApp() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const stop = await spawnServer(['scripts/serve.mjs'], env, `${url}/healthz`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { url, stop };
}

/** A bare node:http server answering the given bytes, also in its own process (a fair ceiling). */
async function startReference(body, contentType) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-ref-'));
  const file = path.join(dir, 'landing.html');
  fs.writeFileSync(file, body);
  const source = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const headers = { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length };
    const server = require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(${port}, '127.0.0.1');
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const url = `http://127.0.0.1:${port}`;
  const stop = await spawnServer(['--input-type=commonjs', '-e', source], {}, `${url}/`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { url, stop };
}
