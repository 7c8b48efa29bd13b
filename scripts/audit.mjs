// `npm run audit [-- /path ...]`: Lighthouse scores of the built app, served as in production.
// Builds first (unless SKIP_BUILD=1), starts scripts/serve.mjs on a free port with a throw-away
// DATA_DIR, audits `/` plus any paths given, prints the four category scores per page and stops
// the server. Low scores are reported, not failed on; a Lighthouse that cannot run exits 1.
//
//   npm run audit                      /
//   npm run audit -- /login /instruction
//   AUDIT_FORM_FACTOR=desktop npm run audit
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher'; // Lighthouse's own launcher (its dependency)
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const formFactor = process.env.AUDIT_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const paths = ['/', ...process.argv.slice(2).filter((arg) => arg !== '/')].map((p) => (p.startsWith('/') ? p : `/${p}`));

if (process.env.SKIP_BUILD !== '1') {
  console.log('audit: building…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('audit: the build failed');
    process.exit(1);
  }
}

const server = await startServer();
let chrome;
const rows = [];
let noindexRows = 0;
try {
  const chromePath = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  // chrome-launcher turns a missing binary into an unhandled 'error' event: check first.
  if (chromePath) fs.accessSync(chromePath, fs.constants.X_OK);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  for (const pathname of paths) {
    const url = server.url + pathname;
    let lhr = await audit(chrome.port, url);
    // NO_NAVSTART (a trace without its navigation start) comes and goes on a busy machine: retry once.
    if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await audit(chrome.port, url);
    // A page that fails to load (e.g. a 404) is a finding about the page, not a broken audit.
    const row = {
      page: pathname,
      status: lhr.runtimeError ? lhr.runtimeError.code : 'ok',
      ...Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? '–' : Math.round(lhr.categories[id].score * 100)])),
    };
    // Guest pages are noindex on purpose, which fails Lighthouse's "is-crawlable" by design:
    // show the SEO score of everything else next to it (docs/decisions/008-guest-noindex-seo.md).
    if (lhr.audits['is-crawlable']?.score === 0 && isDeliberatelyNoindex(pathname)) {
      row.seo = `${row.seo} (${Math.round(scoreWithout(lhr, 'seo', 'is-crawlable') * 100)}*)`;
      noindexRows += 1;
    }
    rows.push(row);
  }
} catch (error) {
  console.error(`audit: Lighthouse could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await server.stop();
}

if (rows.length > 0) {
  console.log(`\nLighthouse ${formFactor} scores (0–100), ${new Date().toISOString()}`);
  printTable(['page', ...CATEGORIES, 'status'], rows);
  if (noindexRows > 0) console.log('* SEO without the is-crawlable audit: guest pages are noindex on purpose (docs/decisions/008-guest-noindex-seo.md).');
}

/** Guest guidebooks (/instruction, /instruction/<token>) carry noindex by design. */
function isDeliberatelyNoindex(pathname) {
  return /^\/instruction(\/[\w-]+)?\/?$/.test(pathname);
}

/** A category's score as Lighthouse computes it (weighted mean of scored audits), leaving one audit out. */
function scoreWithout(lhr, categoryId, auditId) {
  let sum = 0;
  let weight = 0;
  for (const ref of lhr.categories[categoryId].auditRefs) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.id === auditId || ref.weight === 0 || score == null) continue;
    sum += score * ref.weight;
    weight += ref.weight;
  }
  return weight > 0 ? sum / weight : NaN;
}

async function audit(port, url) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

function printTable(columns, data) {
  const widths = columns.map((c) => Math.max(c.length, ...data.map((row) => String(row[c]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of data) console.log(line(columns.map((c) => row[c])));
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

/** The built server (scripts/serve.mjs) on a free port with a temporary DATA_DIR. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-audit-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Never leave the server behind, even when this script dies of an uncaught error.
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 30 s');
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
