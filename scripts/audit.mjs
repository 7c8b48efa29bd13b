// `npm run audit [-- /path ...]`: Lighthouse scores of the built app, served as in production.
// Builds first (unless SKIP_BUILD=1), starts scripts/serve.mjs on a free port with a throw-away
// DATA_DIR, audits `/` plus any paths given, prints the four category scores per page and stops
// the server. Low scores are reported, not failed on; a Lighthouse that cannot run exits 1.
//
//   npm run audit                      /
//   npm run audit -- /login /instruction
//   AUDIT_FORM_FACTOR=desktop npm run audit
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher'; // Lighthouse's own launcher (its dependency)
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildUnlessSkipped, startBuiltServer } from './lib/built-server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const formFactor = process.env.AUDIT_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const paths = ['/', ...process.argv.slice(2).filter((arg) => arg !== '/')].map((p) => (p.startsWith('/') ? p : `/${p}`));

buildUnlessSkipped('audit');

const server = await startBuiltServer('audit');
let chrome;
const rows = [];
let noindexRows = 0;
try {
  const chromePath = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  // chrome-launcher turns a missing binary into an unhandled 'error' event: check first.
  if (chromePath) fs.accessSync(chromePath, fs.constants.X_OK);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  for (const pathname of paths) {
    const url = server.origin + pathname;
    let lhr = await audit(chrome.port, url);
    // NO_NAVSTART (a trace without its navigation start) comes and goes on a busy machine: retry once.
    if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await audit(chrome.port, url);
    // A page that fails to load (e.g. a 404) is a finding about the page, not a broken audit.
    const row = {
      page: pathname,
      status: lhr.runtimeError ? lhr.runtimeError.code : 'ok',
      ...Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? '–' : Math.round(lhr.categories[id].score * 100)])),
      // The figures behind the performance score (guest pages aim at a total blocking time under 50 ms).
      'LCP ms': metric(lhr, 'largest-contentful-paint'),
      'TBT ms': metric(lhr, 'total-blocking-time'),
      CLS: lhr.audits['cumulative-layout-shift']?.numericValue == null ? '–' : lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
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
  printTable(['page', ...CATEGORIES, 'LCP ms', 'TBT ms', 'CLS', 'status'], rows);
  if (noindexRows > 0) console.log('* SEO without the is-crawlable audit: guest pages are noindex on purpose (docs/decisions/008-guest-noindex-seo.md).');
}

/** A timing audit's value in whole milliseconds, or '–' when Lighthouse has none. */
function metric(lhr, id) {
  const value = lhr.audits[id]?.numericValue;
  return value == null ? '–' : Math.round(value);
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
