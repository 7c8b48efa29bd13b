// `npm run bench`: throughput and latency of the built server, next to a bare node:http server
// answering the same landing-page bytes (the ceiling for this machine). Builds first unless
// SKIP_BUILD=1; the server runs with a throw-away DATA_DIR and LOG_LEVEL=warn (one log line per
// request would measure the terminal). The numbers are for comparing changes on one machine.
//
//   npm run bench
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/lib/server/auth/argon2-params.ts';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { buildUnlessSkipped, freePort, spawnServer, startBuiltServer } from './lib/built-server.mjs';
import { writePlan } from '../tests/helpers/plan.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * One row per measured path. `target: 'app'` hits the Porchlight server, `'reference'` the bare
 * node:http server holding the landing HTML. Add a row here to measure a new route.
 */
const BROTLI = { 'accept-encoding': 'br' };
const ROWS = [
  // The landing page next to a static server holding the same bytes (nginx when installed, else
  // node:http), as plain HTML and as the brotli copy the build made (issue: polish, item 16).
  { name: 'static reference', target: 'reference', path: '/' },
  { name: 'landing / (prerendered)', target: 'app', path: '/', vs: 'reference' },
  { name: 'static reference, brotli', target: 'referenceBr', path: '/', headers: BROTLI },
  { name: 'landing / (prerendered), brotli', target: 'app', path: '/', headers: BROTLI, vs: 'referenceBr' },
  { name: '/healthz (SSR + SQLite)', target: 'app', path: '/healthz' },
  // Guest page from its snapshot, next to a bare node:http server holding the same HTML bytes.
  { name: 'guest reference (node:http, same bytes)', target: 'guestReference', path: '/' },
  { name: 'guest /instruction (snapshot)', target: 'app', path: '/instruction', vs: 'guestReference' },
  // Editor saves (PUT /api/instruction/:id, a 30-step guidebook with images), one after another on
  // one connection: each save needs the version the previous one answered. Latency is measured
  // at the client, so it bounds the server time from above. "one step edited" is the editor's
  // usual save; "all steps new" makes the server sanitise all 30 paragraphs (the worst case).
  { name: 'save 30 steps, one step edited (1 conn)', target: 'app', save: 'one' },
  { name: 'save 30 steps, all steps new (1 conn)', target: 'app', save: 'all' },
];

buildUnlessSkipped('bench');

const app = await startBuiltServer('bench');
let reference;
let referenceBr;
let guestReference;
let guestTransfer;
const results = [];
try {
  const landing = await fetch(`${app.url}/`);
  if (!landing.ok) throw new Error(`GET / answered ${landing.status}`);
  const html = Buffer.from(await landing.arrayBuffer());
  const type = landing.headers.get('content-type') ?? 'text/html';
  reference = await startStaticReference(html, type);
  const landingBr = await getRaw(`${app.url}/`, BROTLI);
  if (landingBr.headers['content-encoding'] !== 'br') throw new Error('GET / with Accept-Encoding: br was not answered with brotli');
  referenceBr = await startStaticReference(landingBr.body, type, 'br');
  // The demo guidebook: the first request renders and stores its snapshot, the rest replay it.
  await fetch(`${app.url}/instruction`).then((r) => r.arrayBuffer());
  const guest = await fetch(`${app.url}/instruction`, { headers: { 'accept-encoding': 'identity' } });
  if (guest.headers.get('x-snapshot') !== 'hit') throw new Error('GET /instruction was not answered from its snapshot');
  const guestHtml = Buffer.from(await guest.arrayBuffer());
  guestReference = await startReference(guestHtml, guest.headers.get('content-type') ?? 'text/html');
  guestTransfer = await measureGuestTransfer(app.url, guestHtml);
  const base = { app: app.url, reference: reference.url, referenceBr: referenceBr.url, guestReference: guestReference.url };

  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per row (after a 1 s warm-up), landing ${html.length} bytes (${landingBr.body.length} in brotli), static reference: ${reference.kind}`);
  for (const row of ROWS) {
    if (row.save) {
      results.push({ ...row, ...(await measureSaves(app, row.save, SECONDS)) });
      continue;
    }
    const url = base[row.target] + row.path;
    await measure(url, 1, row.headers); // warm-up: JIT, caches, connection set-up
    const r = await measure(url, SECONDS, row.headers);
    results.push({ ...row, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
  }
} finally {
  await reference?.stop();
  await referenceBr?.stop();
  await guestReference?.stop();
  await app.stop();
}

const rpsOf = (target) => results.find((row) => row.target === target)?.rps ?? NaN;
printTable(
  ['path', 'req/s', 'p50 ms', 'p99 ms', 'vs static', 'errors'],
  results.map((row) => [row.name, Math.round(row.rps), row.p50, row.p99, row.save ? '-' : `${((row.rps / rpsOf(row.vs ?? 'reference')) * 100).toFixed(0)}%`, row.bad]),
);
for (const row of results.filter((candidate) => candidate.vs === 'reference' || candidate.vs === 'referenceBr')) {
  console.log(`${row.name} vs ${reference.kind} with the same bytes: ${Math.round(row.rps)} / ${Math.round(rpsOf(row.vs))} req/s = ${(row.rps / rpsOf(row.vs)).toFixed(2)} (target >= 0.80)`);
}
const guestRef = results.find((row) => row.target === 'guestReference')?.rps ?? NaN;
const guestRow = results.find((row) => row.vs === 'guestReference');
if (guestRow) console.log(`\nguest page from snapshot vs node:http with the same ${guestTransfer.html} bytes: ${Math.round(guestRow.rps)} / ${Math.round(guestRef)} req/s = ${(guestRow.rps / guestRef).toFixed(2)} (target >= 0.70)`);
if (guestTransfer) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `guest first load (demo, brotli): HTML ${kb(guestTransfer.htmlBr)} + CSS ${kb(guestTransfer.cssBr)} + JS ${kb(guestTransfer.jsBr)} = ${kb(guestTransfer.totalBr)} ` +
      `(target <= 60 KB, JS <= 40 KB; JS is inline in the HTML: ${guestTransfer.inlineJs} bytes raw; external files: ${guestTransfer.files.join(', ') || 'none'})`,
  );
}
if (results.some((row) => row.bad > 0)) {
  console.error('bench: some requests failed (non-2xx, errors or timeouts); the numbers above are not comparable');
  process.exitCode = 1;
}

/**
 * What a guest's phone downloads on first open of the demo guidebook: the HTML as served with
 * `Accept-Encoding: br` (precompressed snapshot) plus each stylesheet and script it references,
 * counted brotli-compressed (as any CDN or proxy in front of /_astro would serve them).
 */
async function measureGuestTransfer(appUrl, html) {
  const htmlBr = await new Promise((resolve, reject) => {
    import('node:http').then(({ default: http }) =>
      http.get(`${appUrl}/instruction`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => (res.headers['content-encoding'] === 'br' ? resolve(size) : reject(new Error('the guest page was not served with brotli'))));
      }).on('error', reject),
    );
  });
  const text = html.toString('utf8');
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const js = [...text.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const size = async (href) => zlib.brotliCompressSync(Buffer.from(await (await fetch(new URL(href, appUrl))).arrayBuffer())).length;
  const sum = async (list) => (await Promise.all(list.map(size))).reduce((a, b) => a + b, 0);
  const cssBr = await sum(css);
  const jsFiles = await sum(js);
  const inlineJs = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0);
  const inlineJsBr = inlineJs ? zlib.brotliCompressSync(Buffer.from([...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join(''))).length : 0;
  return { html: html.length, htmlBr, cssBr, jsBr: jsFiles + inlineJsBr, inlineJs, totalBr: htmlBr + cssBr + jsFiles, files: [...css, ...js] };
}

function measure(url, duration, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

/** A GET whose body stays as sent (fetch would undo the content encoding). */
async function getRaw(url, headers) {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * The reference static server for the landing rows: Debian's nginx when installed (one worker,
 * like the app's one process), else a bare node:http server; either holds the same bytes.
 */
async function startStaticReference(body, contentType, encoding) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) return { kind: 'node:http', ...(await startReference(body, contentType, encoding)) };
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-nginx-'));
  fs.writeFileSync(path.join(dir, 'landing'), body);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; master_process off; worker_processes 1; error_log stderr error; pid ${dir}/nginx.pid;
     events { worker_connections 1024; }
     http {
       access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
       server {
         listen 127.0.0.1:${port}; root ${dir};
         location = / { default_type "${contentType}"; ${encoding ? `add_header Content-Encoding ${encoding};` : ''} try_files /landing =404; }
       }
     }`,
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = await spawnServer(['-c', path.join(dir, 'nginx.conf'), '-p', dir], {}, `${url}/`, () => fs.rmSync(dir, { recursive: true, force: true }), nginx);
  return { kind: 'nginx', url, stop };
}

/**
 * Signs a bench host in (a user row written into the app's database, then the real login route),
 * creates a guidebook and saves it with 30 steps, each with an image, for `seconds`.
 * `mode` 'one' edits one step per save, 'all' rewrites every paragraph.
 */
async function measureSaves(app, mode, seconds) {
  const email = `bench-${mode}@porchlight.test`;
  const password = 'bench password';
  const db = new SQLite(path.join(app.dataDir, 'porchlight.sqlite'));
  try {
    const now = Date.now();
    db.prepare(
      `INSERT INTO users (id, name, email, password_hash, google_id, picture, email_verified_at, created_at, updated_at)
       VALUES (?, 'Bench Host', ?, ?, NULL, '', ?, ?, ?)`,
    ).run(`bench-${mode}`, email, await hash(password, ARGON2_OPTIONS), now, now, now);
    // Gold: no free-plan limit on the bench host's guidebooks.
    writePlan(db, `bench-${mode}`, 'gold');
  } finally {
    db.close();
  }
  const origin = app.origin;
  const send = (pathname, method, body, cookie) =>
    fetch(app.url + pathname, { method, headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const auth = await send('/api/users/auth', 'POST', { email, password });
  if (!auth.ok) throw new Error(`bench login answered ${auth.status}`);
  const cookie = auth.headers.getSetCookie()[0].split(';')[0];
  let { instruction } = await (await send('/api/instruction', 'POST', {}, cookie)).json();

  const paragraph = (i, n) =>
    `<p>Step ${i + 1} (save ${n}): walk past the bakery and take the <strong>second door</strong> on the left. ` +
    `The key box is to the right of it; enter <span data-marker="lockbox"></span> and pull the lever.</p>` +
    `<ul><li>Lights: switch by the door</li><li>Parking: <a href="https://maps.example.com/p">see the map</a></li></ul>`;
  const boxes = Array.from({ length: 30 }, (_, i) => ({ id: 1735689600000 + i, title: `Step ${i + 1}`, paragraph: paragraph(i, 0), imageUrl: `/media/steps/bench-${i + 1}.webp` }));
  const times = [];
  let bad = 0;
  const deadline = performance.now() + seconds * 1000;
  for (let n = 1; performance.now() < deadline || n <= 20; n += 1) {
    for (const [i, box] of boxes.entries()) if (mode === 'all' || i === n % boxes.length) box.paragraph = paragraph(i, n);
    const started = performance.now();
    const response = await send(`/api/instruction/${instruction._id}`, 'PUT', { ...instruction, boxes }, cookie);
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.ok) instruction = body.instruction;
    else bad += 1;
  }
  // The first saves warm up the JIT and the sanitiser; leave them out as autocannon's warm-up does.
  const measured = times.slice(5).sort((a, b) => a - b);
  const at = (q) => Math.round(measured[Math.min(measured.length - 1, Math.floor(q * measured.length))] * 10) / 10;
  const total = measured.reduce((sum, t) => sum + t, 0);
  return { rps: (measured.length / total) * 1000, p50: at(0.5), p99: at(0.99), bad };
}

function printTable(columns, data) {
  const widths = columns.map((c, i) => Math.max(c.length, ...data.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(`\n${line(columns)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of data) console.log(line(row));
}

/** A bare node:http server answering the given bytes, also in its own process (a fair ceiling). */
async function startReference(body, contentType, encoding) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-ref-'));
  const file = path.join(dir, 'landing.html');
  fs.writeFileSync(file, body);
  const source = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const headers = { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length${encoding ? `, 'content-encoding': ${JSON.stringify(encoding)}` : ''} };
    const server = require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(${port}, '127.0.0.1');
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const url = `http://127.0.0.1:${port}`;
  const stop = await spawnServer(['--input-type=commonjs', '-e', source], {}, `${url}/`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { url, stop };
}
