// `npm run bench`: throughput and latency of the built server, next to a bare node:http server
// answering the same landing-page bytes (the ceiling for this machine), then a mixed load: guests
// reading guidebooks while their hosts save them, against its targets. Builds first unless SKIP_BUILD=1;
// each part runs its own server with a throw-away DATA_DIR and LOG_LEVEL=warn (one log line per
// request would measure the terminal). The numbers are for comparing changes on one machine.
// The rows' client is wrk when installed, else ApacheBench (`ab -k`), else autocannon in this
// process (BENCH_CLIENT=wrk|ab|autocannon picks one): autocannon itself slows down on binary
// bodies, so with it every brotli row measured the client (docs/performance.md, "The bench's client").
// A row compared with a reference is measured in turns with it, one second each, so that other
// jobs on the shared cores weigh on both alike; a node:http reference is three processes (one
// process's speed is a draw), and the ratio printed is the median of the turns' ratios.
// The rows marked `postgres` run again on a second server on PostgreSQL when one is at
// hand: BENCH_DATABASE_URL (a cluster the bench may create, and drops, a database in), else a
// throw-away cluster (scripts/pg-test-cluster.sh) when Debian's postgresql is installed.
//
//   npm run bench                     the rows, then the mixed load
//   npm run bench -- --no-mixed       the rows only
//   npm run bench -- --mixed          the mixed load only
//   npm run bench -- --mixed --against c04b2a1 [--pairs 3]
//                                     the mixed load on an earlier commit (built in a worktree)
//                                     and on this checkout, alternating, with their ratios
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench
//   BENCH_CLIENT=ab npm run bench -- --no-mixed
//   BENCH_ROWS=guest npm run bench -- --no-mixed     only the rows whose name contains "guest" (`a|b`: either)
//   BENCH_HOSTS=10 BENCH_GUESTS=50 BENCH_MIXED_SECONDS=5 BENCH_SETTLE_SECONDS=5 npm run bench -- --mixed
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/lib/server/auth/argon2-params.ts';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildUnlessSkipped, freePort, root, spawnServer, startBuiltServer } from './lib/built-server.mjs';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { writePlan } from '../tests/helpers/plan.ts';
import { startAssistantStandIn } from '../tests/helpers/assistant-standin.ts';
import { demoInstruction } from '../src/lib/server/demo/demo-content.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The node:http processes of each row's reference, measured in every turn with the row (startReferences). */
const REFERENCE_PROCESSES = 3;

/**
 * The mixed load: `hosts` hosts each save their own guidebook once every
 * `saveEveryMs` (a person editing at a human pace) while `guests` connections read those
 * guidebooks for `seconds`; the server's memory is read again `settleSeconds` after each run.
 */
const MIXED = {
  hosts: wholeNumber('BENCH_HOSTS', 50, 1),
  guests: wholeNumber('BENCH_GUESTS', 200, 1),
  seconds: wholeNumber('BENCH_MIXED_SECONDS', 30, 1),
  /**
   * The guests with no edits and with edits are measured in this many alternating windows each
   * (calm, busy, calm, …), `seconds` in all per side: see guestsWithAndWithoutEdits.
   */
  windows: wholeNumber('BENCH_MIXED_WINDOWS', 3, 1),
  settleSeconds: wholeNumber('BENCH_SETTLE_SECONDS', 30, 0),
  saveEveryMs: 2000,
  /** Saves each host makes, one after another, when the comparison measures a save's CPU (measureSaveCpu). */
  saveCpuRounds: 15,
  /** Guests at the door: each opens a guidebook every doorEveryMs beside the load (their latency is the guest figure). */
  doorGuests: 10,
  doorEveryMs: 100,
  /**
   * The load generator opens all its connections at once, and for about 1.5 s after that every
   * new request waits, on a bare node:http server too (measured); so each run starts with this
   * many seconds of load in which no latency is counted (the saves run through it).
   */
  warmSeconds: 2,
  /** A save unanswered by then counts as an error, as a guest request does in autocannon (10 s). */
  saveTimeoutMs: 10_000,
};

/** The load clients at hand: wrk and ApacheBench are C programs that leave the server more of the shared cores. */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => fs.existsSync(candidate));
const AB = ['/usr/bin/ab', '/usr/local/bin/ab', '/usr/sbin/ab'].find((candidate) => fs.existsSync(candidate));
/** The rows' client (see the top of this file): BENCH_CLIENT, else the first of wrk, ab, autocannon installed. */
const CLIENT = rowClient(process.env.BENCH_CLIENT);
/** The mixed load's client: wrk when installed, unless BENCH_CLIENT=autocannon (ab cannot spread its requests over many paths). */
const GUEST_CLIENT = CLIENT === 'autocannon' || !WRK ? 'autocannon' : 'wrk';

/**
 * What the mixed load must show (guests barely slowed by saving hosts, fast saves, no errors or
 * lost saves, memory that settles), printed next to its figures.
 */
const MIXED_TARGETS = { ratio: 0.8, guestP99: 50, saveP99: 100, memoryGrowth: 1.1 };
/** `--against`: a save's p50 and p99 on this checkout at most this many times the earlier commit's, in each pair. */
const SAVE_RATIO_TARGET = 1.2;

/** Every bench host's password, and the steps (each with an image) of every bench guidebook. */
const BENCH_PASSWORD = 'bench password';
const BENCH_STEPS = wholeNumber('BENCH_STEPS', 30, 1);
/** A guidebook in ten languages: its main one and the nine others the guest page has words for. */
const BENCH_TRANSLATIONS = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'hr', 'pl', 'cs'];

/**
 * One row per measured path. `target: 'app'` hits the Porchlight server, `'reference'` the static
 * server holding the landing HTML, the other targets the bare node:http servers holding a guest
 * page's bytes and headers. Add a row here to measure a new route.
 */
const BROTLI = { 'accept-encoding': 'br' };
/**
 * A phone's browser: counted as a guest's open (robots and header-less clients are not), with the
 * languages it asks for (English first: the demo's main page, the same bytes as its reference's).
 */
const PHONE = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'accept-language': 'en-GB,en;q=0.9,de;q=0.8',
};
const ROWS = [
  // The landing page next to a static server holding the same bytes (nginx when installed, else
  // node:http), as plain HTML and as the brotli copy the build made.
  { name: 'static reference', target: 'reference', path: '/' },
  { name: 'landing / (prerendered)', target: 'app', path: '/', vs: 'reference' },
  { name: 'static reference, brotli', target: 'referenceBr', path: '/', headers: BROTLI },
  { name: 'landing / (prerendered), brotli', target: 'app', path: '/', headers: BROTLI, vs: 'referenceBr' },
  { name: '/healthz (through Astro, no database)', target: 'app', path: '/healthz' },
  // Guest page from its snapshot, next to a bare node:http server sending the same bytes with the
  // same response headers, copied from the app's answer (1.6 KB, the CSP most of it: node:http
  // checks and writes each header on every answer, a reference without them would do less), as
  // HTML and in brotli.
  { name: 'guest reference (node:http, same bytes and headers)', target: 'guestReference', path: '/' },
  { name: 'guest /instruction (snapshot)', target: 'app', path: '/instruction', vs: 'guestReference', postgres: true },
  { name: 'guest reference, brotli (same bytes and headers)', target: 'guestReferenceBr', path: '/', headers: BROTLI },
  { name: 'guest /instruction (snapshot), brotli', target: 'app', path: '/instruction', headers: BROTLI, vs: 'guestReferenceBr' },
  // The same page opened by a phone's browser: its languages choose among the guidebook's, and
  // each answer also counts a guest's open in memory (src/lib/server/insights/view-counts.ts),
  // written in batches every few seconds.
  { name: 'guest /instruction (snapshot, open counted)', target: 'app', path: '/instruction', headers: PHONE, vs: 'guestReference' },
  // A language variant of a 30-step guidebook in ten languages, next to node:http with its bytes and headers.
  { name: 'guest reference, German variant (same bytes and headers)', target: 'languageReference', path: '/' },
  { name: 'guest /instruction/:token/de (snapshot)', target: 'app', path: '/instruction/:token/de', vs: 'languageReference' },
  // Editor saves (PUT /api/instruction/:id, a 30-step guidebook with images), one after another on
  // one connection: each save needs the version the previous one answered. Latency is measured
  // at the client, so it bounds the server time from above. "one step edited" is the editor's
  // usual save; "all steps new" makes the server sanitise all 30 paragraphs (the worst case).
  { name: `save ${BENCH_STEPS} steps, one step edited (1 conn)`, target: 'app', save: 'one', postgres: true },
  { name: `save ${BENCH_STEPS} steps, all steps new (1 conn)`, target: 'app', save: 'all', postgres: true },
  // The same usual save of a guidebook translated into nine languages (every step's title and text).
  { name: `save ${BENCH_STEPS} steps in 10 languages, one step edited (1 conn)`, target: 'app', save: 'languages' },
  // "Ask the guidebook" on the demo (docs/decisions/031 §15): the question set's English questions
  // in turn, each from another address (X-Forwarded-For, the server trusting loopback) so the
  // per-address limits do not answer instead; compared with the guest page's row in this run.
  { name: 'guest ask, the demo (POST /api/guest/:token/ask, embedded)', target: 'app', ask: 'embedded' },
  // The same questions on a Gold team's copy of the demo with the model stand-in answering at
  // once (tests/helpers/assistant-standin.ts, in this process): our work around a model answer
  // (the plan, the month's upsert, the secrets' read, the SDK's call, the checks), not a model's.
  { name: 'guest ask, the demo on Gold, model stand-in answering at once (model)', target: 'app', ask: 'model' },
];

/** The rows to measure: BENCH_ROWS keeps those whose name contains it (any case), and the references they are compared with. */
const ROWS_TO_RUN = rowsToRun(process.env.BENCH_ROWS);

const parts = partsToRun(process.argv.slice(2));
buildUnlessSkipped('bench');
if (parts.against) await compareReleases(parts.against, parts.pairs, parts.cpu);
else {
  if (parts.rows) await benchRows();
  if (parts.mixed) await benchMixedLoad();
}

/**
 * `--mixed` runs only the mixed load, `--no-mixed` everything but it; neither runs everything.
 * `--against <commit>` (with `--mixed`) runs the mixed load on that commit and on this checkout,
 * `--pairs` times each (3 unless given).
 */
function partsToRun(args) {
  const usage = 'use --mixed (only the mixed load), --no-mixed (skip it), or --mixed --against <commit> [--pairs N] [--cpu-only] (an earlier commit beside this checkout; --cpu-only: only the CPU a save costs)';
  let values;
  try {
    ({ values } = parseArgs({ args, options: { mixed: { type: 'boolean' }, 'no-mixed': { type: 'boolean' }, against: { type: 'string' }, pairs: { type: 'string' }, 'cpu-only': { type: 'boolean' } } }));
  } catch (error) {
    console.error(`bench: ${error.message}; ${usage}`);
    process.exit(2);
  }
  const pairs = Number(values.pairs ?? 3);
  const wrong =
    (values.mixed && values['no-mixed'] && 'both --mixed and --no-mixed') ||
    (values.against !== undefined && !values.mixed && '--against without --mixed') ||
    (values.pairs !== undefined && values.against === undefined && '--pairs without --against') ||
    (values['cpu-only'] && values.against === undefined && '--cpu-only without --against') ||
    ((!Number.isInteger(pairs) || pairs < 1) && '--pairs must be a whole number >= 1');
  if (wrong) {
    console.error(`bench: ${wrong}; ${usage}`);
    process.exit(2);
  }
  return { rows: !values.mixed, mixed: !values['no-mixed'], against: values.against, pairs, cpu: values['cpu-only'] ?? false };
}

function rowsToRun(filter) {
  if (!filter) return ROWS;
  // Several parts, separated by `|` (names hold commas): the rows whose name contains any ("guest ask|(snapshot), brotli").
  const parts = filter.toLowerCase().split('|').filter(Boolean);
  const named = ROWS.filter((row) => parts.some((part) => row.name.toLowerCase().includes(part)));
  if (named.length === 0) {
    console.error(`bench: no row's name contains BENCH_ROWS "${filter}"`);
    process.exit(2);
  }
  const compared = new Set(named.map((row) => row.vs));
  return ROWS.filter((row) => named.includes(row) || (row.target !== 'app' && compared.has(row.target)));
}

/** BENCH_CLIENT when it names a client at hand, else the first of wrk, ab and autocannon installed; anything else stops the bench. */
function rowClient(asked) {
  const installed = { wrk: WRK, ab: AB, autocannon: true };
  if (asked === undefined || asked === '') return WRK ? 'wrk' : AB ? 'ab' : 'autocannon';
  if (!(asked in installed)) {
    console.error(`bench: BENCH_CLIENT must be wrk, ab or autocannon, not "${asked}"`);
    process.exit(2);
  }
  if (!installed[asked]) {
    console.error(`bench: BENCH_CLIENT=${asked}, but ${asked} is not installed (apt-get install ${asked === 'ab' ? 'apache2-utils' : asked})`);
    process.exit(2);
  }
  return asked;
}

/** A whole number from the environment, `fallback` when unset; anything else stops the bench. */
function wholeNumber(name, fallback, min) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) {
    console.error(`bench: ${name} must be a whole number >= ${min}`);
    process.exit(2);
  }
  return value;
}

/** The rows of ROWS, each measured on its own, then their table and ratios. */
async function benchRows() {
  // DATABASE_URL '' (unset): these rows are the SQLite ones even when the shell names a PostgreSQL.
  // The ask row's questions come from many addresses through a trusted proxy, past one link's day.
  // A model configured (the stand-in, answering at once): the demo (Free) still answers from its passages.
  const model = await startAssistantStandIn({ record: false });
  const modelEnv = { ASSISTANT_URL: model.url, ASSISTANT_API_KEY: model.apiKey, ASSISTANT_MODEL: 'bench-standin' };
  const app = await startBuiltServer('bench', { DATABASE_URL: '', TRUST_PROXY: 'loopback', ASSISTANT_QUESTIONS_PER_LINK_DAY: '1000000', ...modelEnv });
  let reference;
  let referenceBr;
  let guestReference;
  let guestReferenceBr;
  let guestTransfer;
  let languageReference;
  let languagePages;
  let guest;
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
    await getRaw(`${app.url}/instruction`);
    guest = { html: await getSnapshot(`${app.url}/instruction`), br: await getSnapshot(`${app.url}/instruction`, BROTLI) };
    if (guest.br.headers['content-encoding'] !== 'br') throw new Error('GET /instruction with Accept-Encoding: br was not answered with brotli');
    guestReference = await startReferences(guest.html.body, guest.html.headers);
    guestReferenceBr = await startReferences(guest.br.body, guest.br.headers);
    guestTransfer = await measureGuestTransfer(app.url, guest.html.body);
    languagePages = await publishTranslatedGuidebook(app);
    languageReference = await startReferences(languagePages.german.body, languagePages.german.headers);
    const askTokens = { embedded: 'demo-seaside-cottage-2025', model: ROWS_TO_RUN.some((row) => row.ask === 'model') ? await goldDemoCopy(app) : null };
    const targets = { app, reference, referenceBr, guestReference, guestReferenceBr, languageReference, askTokens };

    console.log(
      `bench: ${CONNECTIONS} connections, ${SECONDS} s per row (after a 1 s warm-up; a row with a reference in 1 s turns with it), client: ${clientDescription()}, ` +
        `landing ${html.length} bytes (${landingBr.body.length} in brotli), static reference: ${reference.kind}`,
    );
    await warmUpRows(targets, languagePages.token);
    for (const row of ROWS_TO_RUN) results.push({ ...row, ...(await measureRow(targets, row, languagePages.token)) });
  } finally {
    await reference?.stop();
    await referenceBr?.stop();
    await guestReference?.stop();
    await guestReferenceBr?.stop();
    await languageReference?.stop();
    await app.stop();
    await model.close();
  }
  const postgres = await benchRowsOnPostgres();

  const rpsOf = (target) => results.find((row) => row.target === target)?.rps ?? NaN;
  const cores = (cpu) => (Number.isFinite(cpu) ? cpu.toFixed(2) : '-');
  // A row whose reference was not run (BENCH_ROWS) has no ratio.
  const percentOf = (ratio) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(0)}%` : '-');
  printTable(
    ['path', 'req/s', 'p50 ms', 'p99 ms', 'vs reference', 'server cpu', 'client cpu', 'errors'],
    results.map((row) => [row.name, Math.round(row.rps), row.p50, row.p99, row.save || row.ask ? '-' : percentOf(row.ratio ?? row.rps / rpsOf(row.vs ?? 'reference')), cores(row.serverCpu), cores(row.clientCpu), row.bad]),
  );
  for (const row of results.filter((candidate) => candidate.vs === 'reference' || candidate.vs === 'referenceBr')) {
    console.log(`${row.name} vs ${reference.kind} with the same bytes, in turns: ${Math.round(row.rps)} / ${Math.round(row.vsRps)} req/s, ${row.ratio.toFixed(2)} (target >= 0.80)`);
  }
  printClientCheck(results);
  // The first row against each guest reference is the page as a client that does not name itself
  // gets it (not counted); the phone's row is the one with its headers.
  const ratio = (row) => (row ? `${Math.round(row.rps)} / ${Math.round(row.vsRps)} req/s, ${row.ratio.toFixed(2)}` : '-');
  const against = (vs) => ratio(results.find((candidate) => candidate.vs === vs));
  console.log(
    `\nguest page from snapshot vs node:http with the same bytes and headers, in turns (mean req/s of each, median ratio of the turns; target >= 0.90 each): ` +
      `HTML (${guest.html.body.length} bytes) ${against('guestReference')}, brotli (${guest.br.body.length} bytes) ${against('guestReferenceBr')}; ` +
      `HTML opened by a phone (its languages picked, its open counted) ${ratio(results.find((candidate) => candidate.headers === PHONE))}`,
  );
  if (results.some((row) => row.vs === 'languageReference')) {
    console.log(`German variant from snapshot vs node:http with the same ${languagePages.german.body.length} bytes and headers, in turns: ${against('languageReference')} (target >= 0.80)`);
    console.log(`guest page per language (${BENCH_STEPS} steps, brotli): ${languagePages.sizes.map(({ language, br }) => `${language} ${(br / 1024).toFixed(1)} KB`).join(', ')}`);
  }
  if (guestTransfer) {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const t = guestTransfer;
    console.log(
      `guest first load (demo, brotli), before any island: HTML ${kb(t.htmlBr)} + CSS ${kb(t.cssBr)} = ${kb(t.htmlBr + t.cssBr)} (target <= 15 KB), ` +
        `+ page script ${kb(t.jsBr)} (inline ${t.inlineJs} bytes raw; files: ${t.files.join(', ') || 'none'}) = ${kb(t.totalBr)}`,
    );
    console.log(
      `guest islands (${t.islandNames.join(', ') || 'none'}; React included, loaded as each comes into view): ${kb(t.islandJsBr)} in ${t.islandFiles} files (target <= 80 KB); ` +
        `everything: ${kb(t.totalBr + t.islandJsBr)}`,
    );
  }
  printAskBesideGuestPage(results);
  if (postgres) printPostgresBesideSqlite(results, postgres);
  if ([...results, ...(postgres?.results ?? [])].some((row) => row.bad > 0)) {
    console.error('bench: some requests failed (non-2xx, errors or timeouts); the numbers above are not comparable');
    process.exitCode = 1;
  }
}

/**
 * One row of ROWS (`targets`: the servers, each with its `url` and `pid`; `token` the translated
 * guidebook's): req/s, p50, p99, failed requests, and the CPU of the server's main thread and of
 * the client during the measured seconds, in cores (a saturated server's main thread is at 1).
 * A row compared with a reference is measured in turns with it (measureInTurns).
 */
async function measureRow(targets, row, token) {
  if (row.save) return measureSaves(targets.app, row.save, SECONDS);
  if (row.ask) return measureAsks(targets.app, SECONDS, targets.askTokens[row.ask]);
  const { url: base, pid } = targets[row.target];
  const url = base + row.path.replace(':token', token);
  // The PostgreSQL rows have no reference at hand: measured on their own.
  const reference = row.vs ? targets[row.vs] : undefined;
  if (reference) return measureInTurns({ url, pid }, processesOf(reference), row.headers);
  const processes = processesOf(targets[row.target]);
  if (processes.length > 1) return measureReferenceRow(processes, row.headers);
  await measure(url, 1, row.headers); // warm-up: JIT, caches, connection set-up
  return measureServer(pid, url, SECONDS, row.headers);
}

/** The processes of a reference server (startReferences), or the server itself, each with the URL its rows ask for. */
function processesOf(server) {
  return (server.processes ?? [server]).map(({ url, pid }) => ({ url: `${url}/`, pid }));
}

/** A reference's own row: SECONDS turns of one second, each process in turn, their mean. */
async function measureReferenceRow(processes, headers) {
  for (const one of processes) await measure(one.url, 1, headers); // warm-up
  const turns = [];
  for (let turn = 0; turn < SECONDS; turn += 1) {
    const { pid, url } = processes[turn % processes.length];
    turns.push(await measureServer(pid, url, 1, headers));
  }
  return summariseTurns(turns);
}

/**
 * One second of every request row before any is measured. The server's code then has met every
 * kind of request (with and without a body encoding, a user agent, languages), as it does all day
 * in production; otherwise the first seconds of each new kind measured the JIT compiling its code
 * again for it.
 */
async function warmUpRows(targets, token) {
  for (const row of ROWS_TO_RUN.filter((candidate) => !candidate.save && !candidate.ask)) await measure(targets[row.target].url + row.path.replace(':token', token), 1, row.headers);
}

/** `measure`, with the CPU of the server's main thread (`pid`) over the same seconds, in cores. */
async function measureServer(pid, url, duration, headers) {
  const cpuBefore = procCpu(pid, pid);
  const started = performance.now();
  const r = await measure(url, duration, headers);
  return { ...r, serverCpu: (procCpu(pid, pid) - cpuBefore) / ((performance.now() - started) / 1000) };
}

/**
 * A row and its reference in turns of one second each, so that both meet the same moments of a
 * machine other jobs share (measured one after the other, a guest row and its reference each
 * moved by 10–15% between runs here, and their ratio with them). A node:http reference is several
 * processes (startReferences): each turn measures the row and every process, in an order that
 * moves on each turn, and compares the row with their mean. The row's figures are over its turns
 * (p50 the median of theirs, p99 the highest), its errors include the references' in these turns,
 * `vsRps` is the references' mean req/s, and `ratio` the median of the turns' ratios: a second
 * another job took half of moves a mean of five turns by a tenth, a median not
 * (docs/performance.md, "Guest page against node:http").
 */
async function measureInTurns(row, references, headers) {
  for (const side of [...references, row]) await measure(side.url, 1, headers); // warm-up, each
  const turns = { row: [], references: [], ratios: [] };
  const sides = [row, ...references];
  for (let turn = 0; turn < SECONDS; turn += 1) {
    const measured = new Map();
    for (let i = 0; i < sides.length; i += 1) {
      const side = sides[(turn + i) % sides.length];
      measured.set(side, await measureServer(side.pid, side.url, 1, headers));
    }
    const own = measured.get(row);
    const theirs = references.map((side) => measured.get(side));
    turns.row.push(own);
    turns.references.push(...theirs);
    turns.ratios.push(own.rps / mean(theirs, 'rps'));
  }
  return {
    ...summariseTurns(turns.row),
    bad: [...turns.row, ...turns.references].reduce((sum, one) => sum + one.bad, 0),
    vsRps: mean(turns.references, 'rps'),
    ratio: median(turns.ratios),
  };
}

/** Turns of one second of one side: mean req/s and CPU, the median p50, the highest p99, all errors. */
function summariseTurns(turns) {
  return {
    rps: mean(turns, 'rps'),
    p50: median(turns.map((one) => one.p50)),
    p99: Math.max(...turns.map((one) => one.p99)),
    bad: turns.reduce((sum, one) => sum + one.bad, 0),
    serverCpu: mean(turns, 'serverCpu'),
    clientCpu: mean(turns, 'clientCpu'),
  };
}

function mean(list, key) {
  return list.reduce((sum, one) => sum + one[key], 0) / list.length;
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * Whether the client, not the server, set the pace: each has a core of the two, so a client near a
 * whole core measured itself. Prints the range of both and names the rows whose client used more
 * than 0.90 of a core. (A second wrk beside the first added nothing here: docs/performance.md.)
 */
function printClientCheck(results) {
  const rows = results.filter((row) => !row.save && Number.isFinite(row.serverCpu) && Number.isFinite(row.clientCpu));
  if (rows.length === 0) return;
  const range = (key) => `${Math.min(...rows.map((row) => row[key])).toFixed(2)}–${Math.max(...rows.map((row) => row[key])).toFixed(2)}`;
  const busy = rows.filter((row) => row.clientCpu > 0.9).map((row) => row.name);
  console.log(
    `\nclient check (${CLIENT}): servers' main threads ${range('serverCpu')} of a core, client ${range('clientCpu')}: ` +
      (busy.length === 0 ? 'the client stayed well below a core in every row' : `the client neared a core in ${busy.join('; ')}, whose figures may be the client's`),
  );
}

// ---- The same rows on PostgreSQL -----------------------------------------------------------------

/**
 * The rows marked `postgres`, measured the same way on a second built server whose DATABASE_URL
 * is a fresh database; null when no PostgreSQL is at hand. Its stores stay `fs`, as the SQLite
 * server's, so the two differ only in the database.
 */
async function benchRowsOnPostgres() {
  if (!ROWS_TO_RUN.some((row) => row.postgres)) return null;
  const database = await openBenchPostgres();
  if (!database) {
    console.log("\nbench: no PostgreSQL (set BENCH_DATABASE_URL, or install Debian's postgresql): SQLite rows only");
    return null;
  }
  try {
    const app = await startBuiltServer('bench-pg', { DATABASE_URL: database.url });
    const results = [];
    try {
      // The demo guidebook's snapshot, stored by the first request, as on SQLite.
      await fetch(`${app.url}/instruction`).then((r) => r.arrayBuffer());
      const guest = await fetch(`${app.url}/instruction`);
      await guest.arrayBuffer();
      if (guest.headers.get('x-snapshot') !== 'hit') throw new Error('GET /instruction on PostgreSQL was not answered from its snapshot');
      for (const row of ROWS_TO_RUN.filter((candidate) => candidate.postgres)) results.push({ ...row, ...(await measureRow({ app }, row)) });
    } finally {
      await app.stop();
    }
    return { results, description: database.description };
  } finally {
    await database.close();
  }
}

/**
 * A fresh database for the bench: in BENCH_DATABASE_URL's cluster, else in a throw-away cluster
 * started here (its own directory, so a test cluster that runs meanwhile is left alone) when
 * Debian's postgresql binaries exist. `close()` drops the database, or stops that cluster.
 */
async function openBenchPostgres() {
  let adminUrl = process.env.BENCH_DATABASE_URL;
  let description = 'BENCH_DATABASE_URL';
  let stopCluster = () => {};
  if (!adminUrl) {
    const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
    if (!versions.some((version) => fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`))) return null;
    const script = path.join(root, 'scripts/pg-test-cluster.sh');
    const env = { ...process.env, PG_TEST_DIR: path.join(os.tmpdir(), `porchlight-bench-pg-${process.pid}`) };
    const started = spawnSync('bash', [script, 'start'], { env, encoding: 'utf8' });
    const url = /export TEST_DATABASE_URL=(\S+)/.exec(started.stdout ?? '')?.[1];
    if (started.status !== 0 || !url) throw new Error(`scripts/pg-test-cluster.sh start failed: ${started.stderr}`);
    stopCluster = () => spawnSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
    // Never leave the cluster behind, even when the bench dies of an uncaught error.
    process.once('exit', stopCluster);
    adminUrl = url;
    description = 'a throw-away cluster (scripts/pg-test-cluster.sh: fsync and synchronous_commit off)';
  }
  const name = `porchlight_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    description,
    async close() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      stopCluster();
    },
  };
}

/** The PostgreSQL rows beside the same rows on SQLite, with the ratio of their throughput. */
function printPostgresBesideSqlite(results, postgres) {
  const sqliteOf = (row) => results.find((candidate) => candidate.name === row.name);
  printTable(
    ['same rows, SQLite beside PostgreSQL', 'sqlite req/s', 'p50 ms', 'p99 ms', 'postgres req/s', 'p50 ms', 'p99 ms', 'pg / sqlite', 'errors'],
    postgres.results.map((row) => {
      const sqlite = sqliteOf(row);
      return [row.name, Math.round(sqlite.rps), sqlite.p50, sqlite.p99, Math.round(row.rps), row.p50, row.p99, (row.rps / sqlite.rps).toFixed(2), row.bad];
    }),
  );
  console.log(`PostgreSQL: ${postgres.description}, one fresh database, DATABASE_POOL_SIZE default; SQLite: WAL, synchronous=FULL. Both servers store snapshots and uploads on fs.`);
}

// ---- Mixed load ----------------------------------------------------------------------------------

/**
 * The same guests reading the hosts' guidebooks twice, side by side: first with no edits, then
 * while every host saves their own guidebook once every 2 s. Both runs use one server process
 * (started for this part, so its memory figures do not depend on the rows before it).
 */
async function benchMixedLoad() {
  const app = await startBuiltServer('bench-mixed');
  let report;
  try {
    const hosts = await setUpMixedHosts(app);
    const paths = hosts.map((host) => `/instruction/${host.instruction.token}`);
    const page = await warmUpGuests(app, paths);
    console.log(
      `\nmixed load: ${MIXED.guests} guest connections (Accept-Encoding: br, ${GUEST_CLIENT}) reading ${hosts.length} guidebooks of ${BENCH_STEPS} steps ` +
        `(${(page.body.length / 1024).toFixed(1)} KB each in brotli) for ${MIXED.seconds} s with no edits and ${MIXED.seconds} s with each host saving their own once every ${MIXED.saveEveryMs / 1000} s, ` +
        `in ${MIXED.windows} alternating windows of ${windowSeconds()} s each`,
    );
    const memory = { before: rssMb(app.pid) };
    const { calm, busy, saves, afterCalm, settledCalm } = await guestsWithAndWithoutEdits(app, paths, hosts);
    Object.assign(memory, { afterCalm, settledCalm, afterEdits: rssMb(app.pid) });
    memory.settledEdits = await rssAfterSettling(app.pid);
    const lost = await countLostSaves(hosts);
    const reference = await measureReferenceGuests(page, paths);
    // Without the load generator: what one guest waits while the hosts publish on a server that
    // is not saturated (the usual evening), next to the same guests alone.
    const door = await doorGuestsWithAndWithoutEdits(app, paths, hosts);
    report = { hosts: hosts.length, calm, busy, saves, lost: lost + door.lost, memory, reference, quiet: { door: door.calm }, quietBusy: { door: door.busy }, quietSaves: door.saves };
  } finally {
    await app.stop();
  }
  printMixedReport(report);
}

// ---- An earlier commit beside this checkout --------------------------------------------------------

/**
 * `--mixed --against <commit>`: the mixed load's guest and save figures, and a 10-language
 * guidebook's save, on the build of `commit` (a worktree, kept for the next comparison) and on
 * this checkout's, `pairs` times each. Each pair runs both, the earlier first in odd pairs and
 * this checkout first in even ones, so that the machine's drift in a session favours neither; the
 * ratios are taken within a pair.
 */
async function compareReleases(commit, pairs, cpuOnly) {
  const releases = [prepareEarlierCheckout(commit), { name: `this checkout (${git(root, 'rev-parse', '--short', 'HEAD')}${git(root, 'status', '--porcelain') ? ', with changes' : ''})`, dir: root }];
  console.log(`\nbench: ${pairs} pairs, alternating: ${releases.map((release) => release.name).join(' and ')}`);
  const runs = [];
  for (let pair = 1; pair <= pairs; pair += 1) {
    for (const release of pair % 2 === 1 ? releases : [...releases].reverse()) {
      console.log(`bench: pair ${pair}, ${release.name}`);
      runs.push({ pair, release, ...(await (cpuOnly ? saveCpuRun(release) : comparisonRun(release))) });
    }
  }
  if (cpuOnly) printSaveCpu(runs, releases, pairs);
  else printComparison(runs, releases, pairs);
}

/**
 * A worktree of `commit` under the temporary directory, with its dependencies and its build: made
 * once, reused by the next comparison (`git worktree remove <dir>` drops it). Its node_modules is
 * a hard-linked copy of this checkout's when both lockfiles are the same, else its own `npm ci`.
 */
function prepareEarlierCheckout(commit) {
  const sha = git(root, 'rev-parse', '--verify', `${commit}^{commit}`);
  const dir = path.join(os.tmpdir(), `porchlight-bench-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) git(root, 'worktree', 'add', '--detach', '--force', dir, sha);
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    const lockfile = (checkout) => fs.readFileSync(path.join(checkout, 'package-lock.json'), 'utf8');
    if (lockfile(dir) === lockfile(root)) run('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], root);
    else run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  if (!fs.existsSync(path.join(dir, 'dist/server/entry.mjs'))) {
    console.log(`bench: building ${sha.slice(0, 7)} in ${dir}…`);
    run('npm', ['run', 'build', '--silent'], dir);
  }
  return { name: `${sha.slice(0, 7)} (${git(root, 'log', '-1', '--format=%cs', sha)})`, dir };
}

function git(cwd, ...args) {
  return run('git', args, cwd).trim();
}

/** Runs `command` in `cwd` and answers its output; a failure stops the bench with its message. */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) {
    console.error(`bench: ${command} ${args.join(' ')} failed in ${cwd}`);
    process.exit(1);
  }
  return result.stdout;
}

/**
 * One release's turn in a pair, on its own server: the guests with no edits and with the hosts
 * saving (memory read after each settles), then a 10-language guidebook's saves alone.
 */
async function comparisonRun(release) {
  const app = await startBuiltServer('bench-compare', {}, release.dir);
  try {
    const hosts = await setUpMixedHosts(app);
    const paths = hosts.map((host) => `/instruction/${host.instruction.token}`);
    await warmUpGuests(app, paths);
    const { calm, busy, saves, settledCalm } = await guestsWithAndWithoutEdits(app, paths, hosts);
    const settledEdits = await rssAfterSettling(app.pid);
    const lost = await countLostSaves(hosts);
    const languages = await measureSaves(app, 'languages', SECONDS);
    const cpu = await measureSaveCpu(app, hosts);
    const door = await doorGuestsWithAndWithoutEdits(app, paths, hosts);
    return { calm, busy, saves, lost: lost + door.lost, memory: settledEdits / settledCalm, languages, cpu, door };
  } finally {
    await app.stop();
  }
}

/**
 * Guests at a fixed rate with no load generator beside them (a server with a core to spare, the
 * usual evening): MIXED.doorGuests guests each opening a guidebook every MIXED.doorEveryMs, for
 * MIXED.seconds with no edits, then as long with the hosts saving. Their rate is fixed, so what
 * the saves take from them shows in how long they wait, not in how many pages they get.
 */
async function doorGuestsWithAndWithoutEdits(app, paths, hosts) {
  const calm = await guestsAtTheDoor(app, paths, MIXED.seconds);
  const [busy, saves] = await Promise.all([guestsAtTheDoor(app, paths, MIXED.seconds), keepHostsSaving(hosts, 0)]);
  return { calm, busy, saves, lost: await countLostSaves(hosts) };
}

/** `--cpu-only`: one release's turn, the CPU a save costs and nothing else (about a minute). */
async function saveCpuRun(release) {
  const app = await startBuiltServer('bench-compare', {}, release.dir);
  try {
    return { cpu: await measureSaveCpu(app, await setUpMixedHosts(app)) };
  } finally {
    await app.stop();
  }
}

function printSaveCpu(runs, [earlier, today], pairs) {
  printTable(['pair', 'release', 'CPU a save: process ms', 'main thread ms'], runs.map((r) => [r.pair, r.release.name, r.cpu.whole.toFixed(2), r.cpu.main.toFixed(2)]));
  const turn = (pair, release) => runs.find((r) => r.pair === pair && r.release === release).cpu;
  printTable(
    ['pair: this ÷ earlier', 'process', 'main thread'],
    Array.from({ length: pairs }, (_, i) => [i + 1, (turn(i + 1, today).whole / turn(i + 1, earlier).whole).toFixed(2), (turn(i + 1, today).main / turn(i + 1, earlier).main).toFixed(2)]),
  );
  console.log(`(${MIXED.hosts} hosts, ${MIXED.saveCpuRounds} saves each of a ${BENCH_STEPS}-step guidebook, one save at a time, each with its publish; no guests)`);
}

/** Every run, then each pair's ratios (this checkout ÷ the earlier commit) against the targets. */
function printComparison(runs, [earlier, today], pairs) {
  const savePercentile = (saves, q) => percentile([...saves.times].sort((a, b) => a - b), q);
  const guestErrors = (r) => r.calm.non2xx + r.calm.errors + r.calm.timeouts + r.busy.non2xx + r.busy.errors + r.busy.timeouts + r.door.calm.failed + r.door.busy.failed;
  const saveErrors = (r) => r.saves.failed + (r.languages?.bad ?? 0) + r.door.saves.failed;
  const late = (r) => r.saves.timedOut + r.door.saves.timedOut;
  const errors = (r) => guestErrors(r) + saveErrors(r) + late(r);
  printTable(
    ['pair', 'release', 'guests req/s', 'with edits', 'ratio', 'save p50 ms', 'save p99 ms', '10 languages p50', 'p99', 'memory after', 'CPU a save: process / main ms', 'bench loop p99 with edits ms', 'errors: guests / saves failed / late, lost'],
    runs.map((r) => [
      r.pair,
      r.release.name,
      Math.round(r.calm.rps),
      Math.round(r.busy.rps),
      (r.busy.rps / r.calm.rps).toFixed(2),
      savePercentile(r.saves, 0.5),
      savePercentile(r.saves, 0.99),
      r.languages?.p50 ?? '-',
      r.languages?.p99 ?? '-',
      r.memory.toFixed(2),
      `${r.cpu.whole.toFixed(1)} / ${r.cpu.main.toFixed(1)}`,
      r.busy.clientLoopP99.toFixed(1),
      `${guestErrors(r)} / ${saveErrors(r)} / ${late(r)}, ${r.lost}`,
    ]),
  );
  const turn = (pair, release) => runs.find((r) => r.pair === pair && r.release === release);
  const ratio = (a, b) => (a / b).toFixed(2);
  const rows = Array.from({ length: pairs }, (_, i) => {
    const [before, now] = [turn(i + 1, earlier), turn(i + 1, today)];
    return [
      i + 1,
      ratio(savePercentile(now.saves, 0.5), savePercentile(before.saves, 0.5)),
      ratio(savePercentile(now.saves, 0.99), savePercentile(before.saves, 0.99)),
      before.languages && now.languages ? ratio(now.languages.p50, before.languages.p50) : '-',
      `${(before.busy.rps / before.calm.rps).toFixed(2)} / ${(now.busy.rps / now.calm.rps).toFixed(2)}`,
      `${before.memory.toFixed(2)} / ${now.memory.toFixed(2)}`,
      `${ratio(now.cpu.whole, before.cpu.whole)} / ${ratio(now.cpu.main, before.cpu.main)}`,
    ];
  });
  printTable(['pair: this ÷ earlier', 'save p50', 'save p99', '10 languages p50', 'guests with edits ÷ calm (earlier / this)', 'memory after edits ÷ calm (earlier / this)', 'CPU a save: process / main'], rows);
  console.log(
    `targets: save p50 and p99 within ${SAVE_RATIO_TARGET} of the earlier commit's in each pair; guests keep >= ${MIXED_TARGETS.ratio} of their calm throughput while hosts edit; ` +
      `memory after the edits <= ${MIXED_TARGETS.memoryGrowth} of calm. ` +
      `(${MIXED.hosts} hosts saving a ${BENCH_STEPS}-step guidebook every ${MIXED.saveEveryMs / 1000} s, ${MIXED.guests} guest connections, ${MIXED.seconds} s of each in ${MIXED.windows} alternating windows, memory read ${MIXED.settleSeconds} s after each)`,
  );
  printDoorComparison(runs, [earlier, today], pairs);
  const phases = new Map();
  for (const r of runs.filter((candidate) => candidate.release === today)) for (const [name, times] of r.saves.phases) phases.set(name, [...(phases.get(name) ?? []), ...times]);
  if (phases.size) printTable([`where a save's time goes, ${today.name} (Server-Timing)`, 'p50 ms', 'p99 ms', 'mean ms'], phaseRows(phases));
  if (runs.some((r) => errors(r) > 0 || r.lost > 0)) {
    console.error('bench: some runs had errors or lost saves (see above)');
    process.exitCode = 1;
  }
}

/** The guests at a fixed rate (doorGuestsWithAndWithoutEdits) of each run, and their p99 with edits, this ÷ earlier. */
function printDoorComparison(runs, [earlier, today], pairs) {
  const waits = (door) => `${door.p50} / ${door.p99}`;
  printTable(
    ['pair', 'release', 'guests at a fixed rate, no edits: p50 / p99 ms', 'with edits: p50 / p99 ms', 'p99 with edits ÷ no edits'],
    runs.map((r) => [r.pair, r.release.name, waits(r.door.calm), waits(r.door.busy), (r.door.busy.p99 / r.door.calm.p99).toFixed(2)]),
  );
  const turn = (pair, release) => runs.find((r) => r.pair === pair && r.release === release).door.busy.p99;
  const ratios = Array.from({ length: pairs }, (_, i) => (turn(i + 1, today) / turn(i + 1, earlier)).toFixed(2));
  console.log(
    `guests at a fixed rate (${MIXED.doorGuests} guests each opening a guidebook every ${MIXED.doorEveryMs} ms, no load generator, ${MIXED.seconds} s with no edits then ${MIXED.seconds} s with the hosts saving): ` +
      `their p99 with edits, this ÷ earlier, pair by pair: ${ratios.join(' / ')}`,
  );
}

/**
 * The CPU one save costs the server with no guests, its publish included (the render, the
 * compression, the store): the whole process (every thread) and its main thread, in ms. Each host
 * saves MIXED.saveCpuRounds times, the hosts in turn, one save at a time: a host saves again only
 * after the 49 others, so each publish renders (saves faster than renders would fold several
 * publishes of one guidebook into one render). CPU is read once the server has come to rest before
 * and after. CPU time, unlike latency, barely moves with what else
 * runs on the machine, so the two releases of a pair compare well on a busy one.
 */
async function measureSaveCpu(app, hosts) {
  const stats = saveStats();
  await cpuAtRest(app.pid);
  const before = { whole: procCpu(app.pid), main: procCpu(app.pid, app.pid) };
  for (let round = 0; round < MIXED.saveCpuRounds; round += 1) for (const host of hosts) await saveEdit(host, stats);
  await cpuAtRest(app.pid);
  const saved = stats.attempted - stats.failed - stats.timedOut;
  const perSave = (seconds) => (seconds * 1000) / saved;
  return { whole: perSave(procCpu(app.pid) - before.whole), main: perSave(procCpu(app.pid, app.pid) - before.main) };
}

/** Waits until the server process uses less than a tenth of a core over half a second (its publishes are done). */
async function cpuAtRest(pid) {
  for (let last = procCpu(pid); ; ) {
    await sleep(500);
    const now = procCpu(pid);
    if (now - last < 0.05) return;
    last = now;
  }
}

/**
 * MIXED.hosts signed-in hosts, each with a new guidebook filled by a first save of BENCH_STEPS
 * steps. A host keeps `instruction`, the last save the server acknowledged (its answer: the next
 * save carries its version), and `sentName`, the name that save sent (see countLostSaves).
 */
async function setUpMixedHosts(app) {
  const ids = Array.from({ length: MIXED.hosts }, (_, i) => `bench-host-${i + 1}`);
  const sends = await signInBenchHosts(app, ids);
  return Promise.all(
    sends.map(async (send, i) => {
      const created = await send('/api/instruction', 'POST', {});
      if (!created.ok) throw new Error(`bench host ${i + 1}: creating a guidebook answered ${created.status}`);
      const { instruction } = await created.json();
      const host = { number: i + 1, send, instruction, sentName: instruction.nameInstruction, saves: 0 };
      const filled = await putGuidebook(host, { ...instruction, nameInstruction: `Bench guidebook ${i + 1}`, boxes: benchSteps() });
      if (!filled.ok) throw new Error(`bench host ${i + 1}: filling the guidebook answered ${filled.status}`);
      return host;
    }),
  );
}

/**
 * Before measuring: two requests per guidebook (the first visit renders and stores its snapshot,
 * the second must be answered from it), then 1 s at full load for the JIT and the connections, as
 * the rows' warm-up does. Returns a guest page as served (brotli): its bytes and headers.
 */
async function warmUpGuests(app, paths) {
  let page;
  for (const pathname of paths) {
    await getRaw(app.url + pathname, BROTLI);
    page = await getSnapshot(app.url + pathname, BROTLI);
  }
  await measureGuests(app, paths, 1);
  return page;
}

/** Each window's measured seconds (after its MIXED.warmSeconds). */
function windowSeconds() {
  return Math.max(1, Math.round(MIXED.seconds / MIXED.windows));
}

/**
 * The guests with no edits and with the hosts saving, in alternating windows of one run (calm,
 * busy, calm, busy, …): the machine's drift during a run (a neighbour on a shared host, a
 * process of another engineer) then weighs on both sides, where one long window of each put a
 * slow minute on one side only and swung the ratio from 0.7 to 1.0 between runs of the same
 * build. Memory is read once the first calm window has settled. Returns both sides pooled
 * (pooledGuests), the saves, and the memory after the first calm window.
 */
async function guestsWithAndWithoutEdits(app, paths, hosts) {
  const seconds = windowSeconds();
  const sides = { calm: [], busy: [] };
  const cpu = { calm: [], busy: [] };
  const saves = saveStats();
  let afterCalm;
  let settledCalm;
  for (let window = 0; window < MIXED.windows; window += 1) {
    let before = cpuSeconds(app.pid);
    sides.calm.push(await measureGuests(app, paths, seconds, MIXED.warmSeconds));
    cpu.calm.push(cpuSeconds(app.pid, before));
    if (window === 0) {
      afterCalm = rssMb(app.pid);
      settledCalm = await rssAfterSettling(app.pid);
    }
    before = cpuSeconds(app.pid);
    const [busy] = await Promise.all([measureGuests(app, paths, seconds, MIXED.warmSeconds), keepHostsSaving(hosts, MIXED.warmSeconds, seconds, saves)]);
    sides.busy.push(busy);
    cpu.busy.push(cpuSeconds(app.pid, before));
  }
  const sum = (list) => ({ server: list.reduce((total, c) => total + c.server, 0), bench: list.reduce((total, c) => total + c.bench, 0) });
  return { calm: { ...pooledGuests(sides.calm), cpu: sum(cpu.calm) }, busy: { ...pooledGuests(sides.busy), cpu: sum(cpu.busy) }, saves, afterCalm, settledCalm };
}

/**
 * Windows of equal length as one run: mean req/s, the load generator's p50 as the windows' median
 * and its p99 as their worst, errors added, the door guests' answers pooled.
 */
function pooledGuests(runs) {
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const add = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const doorTimes = sorted(runs.flatMap((run) => run.door.times));
  const at = (q) => (doorTimes.length ? percentile(doorTimes, q) : null);
  return {
    rps: add((run) => run.rps) / runs.length,
    p50: sorted(runs.map((run) => run.p50))[Math.floor(runs.length / 2)],
    p99: Math.max(...runs.map((run) => run.p99)),
    non2xx: add((run) => run.non2xx),
    errors: add((run) => run.errors),
    timeouts: add((run) => run.timeouts),
    door: { count: doorTimes.length, p50: at(0.5), p99: at(0.99), max: doorTimes.at(-1) ?? null, failed: add((run) => run.door.failed), times: doorTimes },
    clientLoopP99: Math.max(...runs.map((run) => run.clientLoopP99)),
  };
}

/**
 * MIXED.guests connections reading `paths` for `seconds`, spread over all guidebooks rather than
 * moving through the list in step. The client shares the two cores with the server, so it should
 * cost as little as possible: wrk (C, one thread) when installed (`apt-get install wrk`), else
 * autocannon in this process (`BENCH_CLIENT=autocannon` forces it). Also records this process's
 * event-loop delay, which the client-measured save times include.
 */
async function measureGuests(app, paths, seconds, warmSeconds = 0) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const [run, door] = await Promise.all([
    GUEST_CLIENT === 'wrk' ? wrkGuests(app, paths, warmSeconds + seconds) : autocannonGuests(app, paths, warmSeconds + seconds),
    sleep(warmSeconds * 1000).then(() => guestsAtTheDoor(app, paths, seconds)),
  ]);
  loop.disable();
  return { ...run, door, clientLoopP99: loop.percentile(99) / 1e6 };
}

/** MIXED.doorGuests guests opening a guidebook every MIXED.doorEveryMs from their own process (scripts/lib/guest-probe.mjs). */
async function guestsAtTheDoor(app, paths, seconds) {
  const args = [path.join(import.meta.dirname, 'lib/guest-probe.mjs'), app.url, String(seconds), String(MIXED.doorGuests), String(MIXED.doorEveryMs), ...paths];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the guest probe exited with ${code}`);
  return JSON.parse(out);
}

async function autocannonGuests(app, paths, seconds) {
  let connection = 0;
  const rotated = (start) => paths.map((_, i) => ({ path: paths[(start + i) % paths.length] }));
  const r = await autocannon({
    url: app.url,
    connections: MIXED.guests,
    duration: seconds,
    headers: BROTLI,
    requests: rotated(0),
    setupClient: (client) => client.setRequests(rotated(connection++ % paths.length)),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
}

/** The same load through wrk and scripts/lib/wrk-guests.lua. */
async function wrkGuests(app, paths, seconds) {
  const args = ['-t1', `-c${MIXED.guests}`, `-d${seconds}s`, '--timeout', '10s', '-s', path.join(import.meta.dirname, 'lib/wrk-guests.lua'), app.url];
  return (await runWrk(args, { WRK_PATHS: paths.join(' ') })).figures;
}

/** wrk with scripts/lib/wrk-guests.lua, whose `done` prints the figures as JSON: req/s, p50 and p99 in ms, failures by kind, and wrk's CPU in cores. */
async function runWrk(args, env) {
  const { out, err, code, cpu } = await runClient(WRK, args, env);
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${err}${out}`);
  const r = JSON.parse(line);
  const ms = (us) => Math.round(us / 100) / 10;
  return { figures: { rps: r.requests / (r.durationUs / 1e6), p50: ms(r.p50Us), p99: ms(r.p99Us), non2xx: r.non2xx, errors: r.connect + r.read + r.write, timeouts: r.timeouts }, cpu };
}

/**
 * The same guests against a bare node:http server answering one guest page's brotli bytes and
 * headers from memory for every path: the most this machine gives with this client, measured the
 * same way.
 */
async function measureReferenceGuests(page, paths) {
  const reference = await startReference(page.body, page.headers);
  try {
    return await measureGuests(reference, paths, MIXED.seconds, MIXED.warmSeconds);
  } finally {
    await reference.stop();
  }
}

/**
 * Every host saves once every MIXED.saveEveryMs for the whole guest run (MIXED.warmSeconds and
 * MIXED.seconds). Their first saves are spread over the first interval, so the server sees a
 * steady hosts / 2 saves per second, not bursts. Saves still in flight at the end are awaited
 * (their answers count); the times of saves begun in the warm-up are not counted.
 */
async function keepHostsSaving(hosts, warmSeconds = MIXED.warmSeconds, seconds = MIXED.seconds, stats = saveStats()) {
  const start = performance.now();
  stats.timedFrom = start + warmSeconds * 1000;
  const end = start + (warmSeconds + seconds) * 1000;
  await Promise.all(hosts.map((host, i) => keepSaving(host, start + (i * MIXED.saveEveryMs) / hosts.length, end, stats)));
  return stats;
}

/** What keepHostsSaving counts; one object may gather several windows. */
function saveStats() {
  return { attempted: 0, times: [], phases: new Map(), failed: 0, timedOut: 0, timedFrom: 0 };
}

async function keepSaving(host, firstAt, end, stats) {
  for (let at = firstAt; at < end; ) {
    await sleep(Math.max(0, at - performance.now()));
    await saveEdit(host, stats);
    at += MIXED.saveEveryMs;
    // A save slower than the interval skips the ticks it overran (a person waits for the answer):
    // late saves never bunch up.
    while (at < performance.now()) at += MIXED.saveEveryMs;
  }
}

/**
 * The editor's usual save: the guidebook as the server last answered it (the editor reloads it
 * after saving), with one step's text and the name changed; the name carries the save's number.
 * After a failed save the host reloads the stored copy, as an editor would, to get its version.
 */
async function saveEdit(host, stats) {
  host.saves += 1;
  stats.attempted += 1;
  const { instruction } = host;
  const edited = host.saves % instruction.boxes.length;
  const boxes = instruction.boxes.map((box, i) => (i === edited ? { ...box, paragraph: stepParagraph(i, host.saves) } : box));
  const content = { ...instruction, nameInstruction: `Bench guidebook ${host.number} (save ${host.saves})`, boxes };
  const started = performance.now();
  try {
    const response = await putGuidebook(host, content, AbortSignal.timeout(MIXED.saveTimeoutMs));
    if (started >= stats.timedFrom) {
      stats.times.push(performance.now() - started);
      addPhases(stats.phases, response.serverTiming);
    }
    if (response.ok) return;
    stats.failed += 1;
  } catch (error) {
    // Aborted by its AbortSignal.timeout (node:http names it AbortError, fetch TimeoutError).
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) stats.timedOut += 1;
    else stats.failed += 1;
  }
  await reloadGuidebook(host);
}

/** PUT /api/instruction/:id with `content` (its `version` included); a 2xx answer becomes the acknowledged save. */
async function putGuidebook(host, content, signal) {
  const response = await host.send(`/api/instruction/${host.instruction._id}`, 'PUT', content, signal);
  const body = await response.json();
  if (response.ok) {
    host.instruction = body.instruction;
    host.sentName = content.nameInstruction;
  }
  return response;
}

/**
 * Adds a save's phases, as its answer's Server-Timing header names them (`read;dur=0.41, …`,
 * src/lib/server/http/server-timing.ts), to `phases` (name → milliseconds of each save). An
 * earlier release that sends no such header adds nothing.
 */
function addPhases(phases, header) {
  for (const [, name, ms] of (header ?? '').matchAll(/([\w-]+);dur=([\d.]+)/g)) {
    if (!phases.has(name)) phases.set(name, []);
    phases.get(name).push(Number(ms));
  }
}

/** The phases' p50 and p99 in the order the server ran them, as table rows, with their sum. */
function phaseRows(phases) {
  const rows = [...phases].map(([name, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return [name, percentile(sorted, 0.5), percentile(sorted, 0.99), (times.reduce((sum, t) => sum + t, 0) / times.length).toFixed(2)];
  });
  const sumOfMeans = rows.reduce((sum, row) => sum + Number(row[3]), 0);
  return rows.length ? [...rows, ['(sum of means)', '', '', sumOfMeans.toFixed(2)]] : [];
}

/** The stored copy becomes what the host holds; if even that fails, the next failed save tries again. */
async function reloadGuidebook(host) {
  try {
    const response = await host.send(`/api/instruction/${host.instruction._id}`, 'GET');
    if (!response.ok) return;
    host.instruction = await response.json();
    host.sentName = host.instruction.nameInstruction;
  } catch {
    // Counted already as the failed save; the lost-save check shows whether anything went missing.
  }
}

/**
 * Hosts whose guidebook, read back after the run, is not their last acknowledged save: another
 * version, other steps than the server answered, or another name than the host sent.
 */
async function countLostSaves(hosts) {
  const lost = await Promise.all(
    hosts.map(async (host) => {
      const response = await host.send(`/api/instruction/${host.instruction._id}`, 'GET');
      if (!response.ok) return true;
      const stored = await response.json();
      return stored.version !== host.instruction.version || stored.nameInstruction !== host.sentName || JSON.stringify(stored.boxes) !== JSON.stringify(host.instruction.boxes);
    }),
  );
  return lost.filter(Boolean).length;
}

/**
 * CPU seconds (user + system) used by the server process and by this one (the hosts' saves and
 * autocannon when it is the client) since `since`, or in all when `since` is not given.
 */
function cpuSeconds(pid, since = { server: 0, bench: 0 }) {
  const { user, system } = process.cpuUsage();
  return { server: procCpu(pid) - since.server, bench: (user + system) / 1e6 - since.bench };
}

/** CPU seconds (user + system) of process `pid`, or of its thread `thread` (its main thread: `pid` again), from /proc; NaN when unreadable (not Linux, or gone). */
function procCpu(pid, thread) {
  try {
    const fields = fs.readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The server process's resident memory in MB (VmRSS; the worker threads share the process). */
function rssMb(pid) {
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/** RSS after MIXED.settleSeconds of no load: what a run leaves behind, not what it uses. */
async function rssAfterSettling(pid) {
  await sleep(MIXED.settleSeconds * 1000);
  return rssMb(pid);
}

function printMixedReport({ hosts, calm, busy, saves, lost, memory, reference, quiet, quietBusy, quietSaves }) {
  const guestErrors = (run) => run.non2xx + run.errors + run.timeouts + run.door.failed;
  const savePercentiles = ({ times }) => {
    const sorted = [...times].sort((a, b) => a - b);
    return [percentile(sorted, 0.5), percentile(sorted, 0.99)];
  };
  const saveErrors = saves.failed + saves.timedOut + quietSaves.failed + quietSaves.timedOut;
  const errors = guestErrors(calm) + guestErrors(busy) + saveErrors + quiet.door.failed + quietBusy.door.failed;
  const [saveP50, saveP99] = savePercentiles(saves);
  const ratio = busy.rps / calm.rps;
  const growth = memory.settledEdits / memory.settledCalm;
  const settle = `${MIXED.settleSeconds} s`;
  const door = (run) => [run.door.p50, run.door.p99];
  printTable(
    ['mixed load', 'guest req/s', `${GUEST_CLIENT} p50`, `${GUEST_CLIENT} p99`, 'door p50 ms', 'door p99 ms', 'saves', 'save p50 ms', 'save p99 ms', 'errors'],
    [
      ['guests, no edits', Math.round(calm.rps), calm.p50, calm.p99, ...door(calm), '-', '-', '-', guestErrors(calm)],
      [`guests + ${hosts} hosts saving`, Math.round(busy.rps), busy.p50, busy.p99, ...door(busy), saves.attempted, saveP50, saveP99, guestErrors(busy) + saveErrors],
      ['reference: bare node:http', Math.round(reference.rps), reference.p50, reference.p99, ...door(reference), '-', '-', '-', guestErrors(reference)],
      ['door guests only, no edits', '-', '-', '-', ...door(quiet), '-', '-', '-', quiet.door.failed],
      [`door guests + ${hosts} hosts saving`, '-', '-', '-', ...door(quietBusy), quietSaves.attempted, ...savePercentiles(quietSaves), quietBusy.door.failed + quietSaves.failed + quietSaves.timedOut],
    ],
  );
  const met = (ok) => (ok ? 'yes' : 'NO');
  printTable(
    ['mixed-load target', 'measured', 'target', 'met'],
    [
      ['guest req/s, with edits / no edits', ratio.toFixed(2), `>= ${MIXED_TARGETS.ratio.toFixed(2)}`, met(ratio >= MIXED_TARGETS.ratio)],
      ['guest p99 with edits (guests at the door)', `${busy.door.p99} ms`, `<= ${MIXED_TARGETS.guestP99} ms`, met(busy.door.p99 <= MIXED_TARGETS.guestP99)],
      ['save p99 (client-measured)', `${saveP99} ms`, `<= ${MIXED_TARGETS.saveP99} ms`, met(typeof saveP99 === 'number' && saveP99 <= MIXED_TARGETS.saveP99)],
      ['errors (guests and saves)', errors, '0', met(errors === 0)],
      ['lost saves (last acknowledged, read back)', `${lost} of ${hosts}`, '0', met(lost === 0)],
      [`memory ${settle} after, with edits / no edits`, `${growth.toFixed(2)} (${memory.settledEdits} / ${memory.settledCalm} MB)`, `<= ${MIXED_TARGETS.memoryGrowth.toFixed(2)}`, met(growth <= MIXED_TARGETS.memoryGrowth)],
    ],
  );
  const phases = phaseRows(saves.phases);
  if (phases.length) printTable(['where a save\'s time goes (server, Server-Timing)', 'p50 ms', 'p99 ms', 'mean ms'], phases);
  console.log(
    `\nserver memory (RSS): ${memory.before} MB before; no edits: ${memory.afterCalm} MB after, ${memory.settledCalm} MB ${settle} later; ` +
      `with edits: ${memory.afterEdits} MB after, ${memory.settledEdits} MB ${settle} later`,
  );
  console.log(
    `errors: guests non-2xx ${calm.non2xx} / ${busy.non2xx}, errors ${calm.errors} / ${busy.errors}, timeouts ${calm.timeouts} / ${busy.timeouts}, guests at the door failed ${calm.door.failed} / ${busy.door.failed} (no edits / with edits); ` +
      `saves failed ${saves.failed}, timed out ${saves.timedOut} (after ${MIXED.saveTimeoutMs / 1000} s) of ${saves.attempted}`,
  );
  const wall = MIXED.windows * (MIXED.warmSeconds + windowSeconds());
  console.log(
    `CPU seconds of each side's ${wall} s (2 cores = ${2 * wall} s): server ${calm.cpu.server.toFixed(1)} / ${busy.cpu.server.toFixed(1)}, ` +
      `bench process ${calm.cpu.bench.toFixed(1)} / ${busy.cpu.bench.toFixed(1)} (no edits / with edits); the load generator and the door guests use the rest`,
  );
  console.log(
    `bench process event-loop delay p99: ${calm.clientLoopP99.toFixed(1)} ms (no edits), ${busy.clientLoopP99.toFixed(1)} ms (with edits); ` +
      `the client shares the cores with the server, so a high value means it, not the server, held the figures back`,
  );
  if (errors > 0 || lost > 0) {
    console.error('bench: the mixed load had errors or lost saves (see above)');
    process.exitCode = 1;
  }
}

/**
 * What a guest's phone downloads on first open of the demo guidebook: the HTML as served with
 * `Accept-Encoding: br` (precompressed snapshot) plus each stylesheet and script it references,
 * counted brotli-compressed (as any CDN or proxy in front of /_astro would serve them); then,
 * apart, the JavaScript of its React islands, which loads only as each comes into
 * view: every island's component and renderer module and the chunks they import.
 */
async function measureGuestTransfer(appUrl, html) {
  const htmlBr = await new Promise((resolve, reject) => {
    http
      .get(`${appUrl}/instruction`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => (res.headers['content-encoding'] === 'br' ? resolve(size) : reject(new Error('the guest page was not served with brotli'))));
      })
      .on('error', reject);
  });
  const text = html.toString('utf8');
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const js = [...text.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const fetchText = async (href) => Buffer.from(await (await fetch(new URL(href, appUrl))).arrayBuffer());
  const size = async (href) => zlib.brotliCompressSync(await fetchText(href)).length;
  const sum = async (list) => (await Promise.all(list.map(size))).reduce((a, b) => a + b, 0);
  const cssBr = await sum(css);
  const jsFiles = await sum(js);
  const inlineJs = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0);
  const inlineJsBr = inlineJs ? zlib.brotliCompressSync(Buffer.from([...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join(''))).length : 0;
  // Islands: their modules and every chunk those import, once each (what the browser fetches).
  // Only <astro-island> elements carry these attributes: each names its component and its renderer.
  const islandRoots = [...text.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)].map((m) => new URL(m[1], appUrl).href);
  const islandNames = [...new Set([...text.matchAll(/<astro-island[^>]*?\scomponent-export="[^"]*"[^>]*?\sopts="([^"]+)"/g)].map((m) => /name&quot;:&quot;(\w+)/.exec(m[1])?.[1] ?? '?'))];
  const seen = new Set();
  const queue = [...islandRoots];
  let islandJsBr = 0;
  while (queue.length > 0) {
    const href = queue.shift();
    if (seen.has(href) || js.some((own) => new URL(own, appUrl).href === href)) continue;
    seen.add(href);
    const body = await fetchText(href);
    islandJsBr += zlib.brotliCompressSync(body).length;
    for (const match of body.toString('utf8').matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[\w./-]+\.js)["']/g)) queue.push(new URL(match[1], href).href);
  }
  return {
    html: html.length,
    htmlBr,
    cssBr,
    jsBr: jsFiles + inlineJsBr,
    inlineJs,
    totalBr: htmlBr + cssBr + jsFiles + inlineJsBr,
    islandJsBr,
    islandFiles: seen.size,
    islandNames,
    files: [...css, ...js],
  };
}

/** CLIENT as the rows' output line names it. */
function clientDescription() {
  if (CLIENT === 'wrk') return 'wrk (one thread)';
  if (CLIENT === 'ab') return 'ab -k (latency in whole ms)';
  return 'autocannon (in this process; slow on binary bodies such as brotli)';
}

/**
 * CONNECTIONS connections asking for `url` for `duration` seconds through CLIENT: req/s, p50 and
 * p99 in ms, failed requests (non-2xx, errors, timeouts) and the client's CPU in cores.
 */
async function measure(url, duration, headers = {}) {
  if (CLIENT === 'wrk') {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--timeout', '10s', '-s', path.join(import.meta.dirname, 'lib/wrk-guests.lua'), ...headerArgs(headers), url];
    const { figures, cpu } = await runWrk(args);
    return { rps: figures.rps, p50: figures.p50, p99: figures.p99, bad: figures.non2xx + figures.errors + figures.timeouts, clientCpu: cpu };
  }
  if (CLIENT === 'ab') return measureWithAb(url, duration, headers);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const { user, system } = process.cpuUsage(cpu);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, clientCpu: (user + system) / 1000 / (performance.now() - started) };
}

/** `-H 'name: value'` for each header, as wrk and ab take them. */
function headerArgs(headers) {
  return Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
}

/**
 * The same through ApacheBench with keep-alive. Its figures are its text report's; its
 * percentiles are whole milliseconds. It names itself in User-Agent, which would count each of its
 * requests as a guest's open: it sends an empty one instead, as wrk and autocannon send none.
 */
async function measureWithAb(url, duration, headers) {
  // -n bounds the run too (ab keeps a record per request): enough for 200,000 req/s.
  const args = ['-k', '-q', '-c', String(CONNECTIONS), '-t', String(duration), '-n', String(200_000 * duration), '-s', '10', ...headerArgs({ 'user-agent': '', ...headers }), url];
  const { out, err, code, cpu } = await runClient(AB, args);
  const figure = (pattern) => Number(pattern.exec(out)?.[1] ?? NaN);
  const rps = figure(/^Requests per second:\s+([\d.]+)/m);
  if (code !== 0 || !Number.isFinite(rps)) throw new Error(`ab exited with ${code}: ${err || out}`);
  const bad = figure(/^Failed requests:\s+(\d+)/m) + (Number(/^Non-2xx responses:\s+(\d+)/m.exec(out)?.[1]) || 0);
  return { rps, p50: figure(/^\s+50%\s+(\d+)/m), p99: figure(/^\s+99%\s+(\d+)/m), bad, clientCpu: cpu };
}

/**
 * Runs a load client to its end: its output, exit code and the CPU it used, in cores. The CPU is
 * read from /proc while it runs and as it prints its report (its last act), so a client already
 * gone loses at most the last quarter second.
 */
async function runClient(command, args, env = {}) {
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let cpu = NaN;
  const readCpu = () => {
    const now = procCpu(child.pid);
    if (Number.isFinite(now)) cpu = now;
  };
  const poll = setInterval(readCpu, 250);
  child.stdout.on('data', (chunk) => {
    out += chunk;
    readCpu();
  });
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  clearInterval(poll);
  return { out, err, code, cpu: cpu / ((performance.now() - started) / 1000) };
}

/** A GET whose body stays as sent (fetch would undo the content encoding). */
async function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * A guest page answered from its snapshot, as sent: its bytes, and the response headers a
 * reference server sends with them (all but those node:http adds to every answer itself).
 */
async function getSnapshot(url, headers) {
  const { status, headers: sent, body } = await getRaw(url, headers);
  if (status !== 200 || sent['x-snapshot'] !== 'hit') throw new Error(`GET ${url} answered ${status} and not from its snapshot`);
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...own } = sent;
  return { body, headers: own };
}

/**
 * The reference static server for the landing rows: Debian's nginx when installed (one worker,
 * like the app's one process), else a bare node:http server; either holds the same bytes.
 */
async function startStaticReference(body, contentType, encoding) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) return { kind: 'node:http', ...(await startReferences(body, { 'content-type': contentType, 'content-length': body.length, ...(encoding ? { 'content-encoding': encoding } : {}) })) };
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
  const { pid, stop } = await spawnServer(['-c', path.join(dir, 'nginx.conf'), '-p', dir], {}, `${url}/`, () => fs.rmSync(dir, { recursive: true, force: true }), nginx);
  return { kind: 'nginx', url, pid, stop };
}

/**
 * Saves one bench host's 30-step guidebook for `seconds`, one save after another (each needs the
 * version the previous one answered). `mode` 'one' edits one step per save, 'all' rewrites every
 * paragraph, 'languages' edits one step of a guidebook in ten languages (null on a release that
 * has no translations).
 */
async function measureSaves(app, mode, seconds) {
  const [send] = await signInBenchHosts(app, [`bench-${mode}`]);
  let { instruction } = await (await send('/api/instruction', 'POST', mode === 'languages' ? { translations: benchTranslations(benchSteps()) } : {})).json();
  // A release from before guest languages stores no translations: it has no such save to measure.
  if (mode === 'languages' && !instruction.translations) return null;
  const boxes = benchSteps();
  const times = [];
  let bad = 0;
  const deadline = performance.now() + seconds * 1000;
  for (let n = 1; performance.now() < deadline || n <= 20; n += 1) {
    for (const [i, box] of boxes.entries()) if (mode === 'all' || i === n % boxes.length) box.paragraph = stepParagraph(i, n);
    // The edited step's translations follow it, as a host keeping them up to date would; the
    // others go back as the server stored them, as the editor sends them.
    if (mode === 'languages') instruction.translations = withStepTranslated(instruction.translations, boxes[n % boxes.length]);
    const started = performance.now();
    const response = await send(`/api/instruction/${instruction._id}`, 'PUT', { ...instruction, boxes });
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.ok) instruction = body.instruction;
    else bad += 1;
  }
  // The first saves warm up the JIT and the sanitiser; leave them out as autocannon's warm-up does.
  const measured = times.slice(5).sort((a, b) => a - b);
  const total = measured.reduce((sum, t) => sum + t, 0);
  return { rps: (measured.length / total) * 1000, p50: percentile(measured, 0.5), p99: percentile(measured, 0.99), bad };
}

/**
 * POST /api/guest/:token/ask on the demo for `seconds` over CONNECTIONS keep-alive connections,
 * the question set's English questions in turn (tests/fixtures/assistant/questions.json), each
 * request from its own X-Forwarded-For address. Answers other than 200 are failures.
 */
async function measureAsks(app, seconds, token) {
  const questions = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/assistant/questions.json'), 'utf8')).questions.filter((entry) => entry.language === 'en');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(`${app.url}/api/guest/${token}/ask`);
  let sent = 0;
  let bad = 0;
  let modelAnswers = 0;
  const times = [];
  const askOnce = () => {
    sent += 1;
    const body = JSON.stringify({ question: questions[sent % questions.length].question });
    const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const headers = { 'content-type': 'application/json', origin: app.origin, 'accept-language': 'en', 'x-forwarded-for': address, 'content-length': Buffer.byteLength(body) };
    return new Promise((resolve) => {
      const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          if (body.includes('"kind":"model"')) modelAnswers += 1;
          resolve(response.statusCode === 200);
        });
      });
      request.on('error', () => resolve(false));
      request.end(body);
    });
  };
  const run = async (until, record) => {
    while (performance.now() < until) {
      const started = performance.now();
      const ok = await askOnce();
      if (record) {
        times.push(performance.now() - started);
        if (!ok) bad += 1;
      }
    }
  };
  // A second's warm-up (the index built on the first question, the JIT), then the measured seconds.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(performance.now() + 1000, false)));
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(started + seconds * 1000, true)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: percentile(times, 0.5), p99: percentile(times, 0.99), bad, modelAnswers, answers: sent };
}

/** The ask rows against the guest page's (brotli, from its snapshot) and each other, in the same run. */
function printAskBesideGuestPage(results) {
  const ask = results.find((row) => row.ask === 'embedded');
  const model = results.find((row) => row.ask === 'model');
  const page = results.find((row) => row.name === 'guest /instruction (snapshot), brotli');
  if (ask && page) console.log(`ask the demo beside its guest page (brotli) in this run: ${Math.round(ask.rps)} / ${Math.round(page.rps)} req/s, one ask costs about ${Math.round(page.rps / ask.rps)} guest pages; ask p50 ${ask.p50} ms, p99 ${ask.p99} ms (target p99 < 50 ms on a quiet machine)`);
  if (model && page) console.log(`ask with the model stand-in beside the guest page (brotli): ${Math.round(model.rps)} / ${Math.round(page.rps)} req/s, one such ask costs about ${Math.round(page.rps / model.rps)} guest pages; p50 ${model.p50} ms, p99 ${model.p99} ms`);
  if (model && ask) console.log(`ask with the model stand-in beside the embedded ask: ${Math.round(model.rps)} / ${Math.round(ask.rps)} req/s (${(model.rps / ask.rps).toFixed(2)}); model answers ${model.modelAnswers ?? '-'} of ${model.answers ?? '-'}`);
}

/**
 * A Gold bench host's copy of the demo, for the model row: its token. The host's month starts at
 * minus a billion answers, so the plan's 300 do not stop the run (the upsert still runs each time).
 */
async function goldDemoCopy(app) {
  const [send] = await signInBenchHosts(app, ['bench-ask-model']);
  const created = await send('/api/instruction', 'POST', { ...demoInstruction, nameInstruction: 'Seaside Cottage (Gold)' });
  if (!created.ok) throw new Error(`creating the Gold copy of the demo answered ${created.status}`);
  const { instruction } = await created.json();
  const db = new SQLite(path.join(app.dataDir, 'porchlight.sqlite'));
  try {
    db.prepare('INSERT INTO assistant_usage (team_id, month, answers) VALUES (?, ?, ?)').run('bench-ask-model', new Date().toISOString().slice(0, 7), -1_000_000_000);
  } finally {
    db.close();
  }
  return instruction.token;
}

/** The `q` quantile of ascending `sorted` milliseconds, to 0.1 ms; '-' when there are none. */
function percentile(sorted, q) {
  if (sorted.length === 0) return '-';
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/**
 * Bench hosts with the given ids (e-mail `<id>@porchlight.test`), signed in: their user rows are
 * written straight into the app's database, on the gold plan (no free-plan limit on guidebooks),
 * then each signs in through the real login route. Returns one `send` per host (see signIn).
 */
async function signInBenchHosts(app, ids) {
  // One argon2 hash for all: they share the password, and each hash takes a noticeable moment.
  const passwordHash = await hash(BENCH_PASSWORD, ARGON2_OPTIONS);
  if (app.databaseUrl) await insertBenchHostsPostgres(app.databaseUrl, ids, passwordHash);
  else insertBenchHostsSqlite(app, ids, passwordHash);
  const sends = [];
  // One login after another: each verifies an argon2 hash, which is slow on purpose.
  for (const id of ids) sends.push(await signIn(app, `${id}@porchlight.test`));
  return sends;
}

/**
 * The SQL of a bench host's team of one: its id (and its owner membership's) is the host's, as the
 * migration gives one (docs/decisions/028-teams.md §1); and a gold plan as a build before teams
 * stored it, by the user (`--against` an earlier commit). Functions, not constants: the bench runs
 * at the module's top level, above this line.
 */
function benchHostSql() {
  return {
    team: `INSERT INTO teams (id, name, created_at, updated_at) VALUES ($1, 'Bench Host', $2, $2)`,
    owner: `INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at) VALUES ($1, $1, $1, 'owner', 1, NULL, $2, $2)`,
    planBeforeTeams: `INSERT INTO subscriptions (user_id, source, plan, status, updated_at) VALUES (?, 'operator', 'gold', 'active', ?)`,
  };
}

/** The same for SQLite, whose driver takes each value once per `?`. */
function sqliteParams(text) {
  return text.replace(/\$\d/g, '?');
}

/** The bench hosts' user rows, their teams and gold plans, straight into the server's SQLite file. */
function insertBenchHostsSqlite(app, ids, passwordHash) {
  const db = new SQLite(path.join(app.dataDir, 'porchlight.sqlite'));
  try {
    const teams = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'teams'").get() !== undefined;
    const insertUser = db.prepare(
      `INSERT INTO users (id, name, email, password_hash, google_id, picture, email_verified_at, created_at, updated_at)
       VALUES (?, 'Bench Host', ?, ?, NULL, '', ?, ?, ?)`,
    );
    const sql = benchHostSql();
    const now = Date.now();
    db.transaction(() => {
      for (const id of ids) {
        insertUser.run(id, `${id}@porchlight.test`, passwordHash, now, now, now);
        if (!teams) {
          db.prepare(sql.planBeforeTeams).run(id, now);
          continue;
        }
        db.prepare(sqliteParams(sql.team)).run(id, now, now);
        db.prepare(sqliteParams(sql.owner)).run(id, id, id, now, now);
        writePlan(db, id, 'gold');
      }
    })();
  } finally {
    db.close();
  }
}

/** The same rows in the server's PostgreSQL database, one transaction (a plan as writePlan stores it). */
async function insertBenchHostsPostgres(databaseUrl, ids, passwordHash) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    await client.query('BEGIN');
    for (const id of ids) {
      await client.query(
        `INSERT INTO users (id, name, email, password_hash, google_id, picture, email_verified_at, created_at, updated_at)
         VALUES ($1, 'Bench Host', $2, $3, NULL, '', $4, $4, $4)`,
        [id, `${id}@porchlight.test`, passwordHash, now],
      );
      await client.query(benchHostSql().team, [id, now]);
      await client.query(benchHostSql().owner, [id, now]);
      await client.query(`INSERT INTO subscriptions (team_id, source, plan, status, updated_at) VALUES ($1, 'operator', 'gold', 'active', $2)`, [id, now]);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * Signs in through POST /api/users/auth and returns `send(pathname, method, body?, signal?)`: a
 * JSON request carrying the cookies the login set and the app's Origin, as the admin app sends.
 */
async function signIn(app, email) {
  const request = editorConnection(app);
  const auth = await request('/api/users/auth', 'POST', { email, password: BENCH_PASSWORD });
  if (!auth.ok) throw new Error(`bench login of ${email} answered ${auth.status}`);
  const cookie = auth.cookies.map((line) => line.split(';')[0]).join('; ');
  return (pathname, method, body, signal) => request(pathname, method, body, cookie, signal);
}

/**
 * One host's editor: a browser tab, with its own keep-alive connection to the server. (Through
 * one pool shared by every host, a moment with more saves in flight than open connections opened
 * new ones mid-run, and a connection opened while the load generator opens its 200 waits 1–2 s
 * for its set-up on a bare node:http server too: the save's time was the connection's.) Sends
 * JSON as the editor does, brotli accepted; answers `{ ok, status, cookies, serverTiming, json() }`.
 */
function editorConnection(app) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (pathname, method, body, cookie, signal) =>
    new Promise((resolve, reject) => {
      const headers = { origin: app.origin, 'content-type': 'application/json', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) };
      const sent = http.request(app.url + pathname, { method, agent, headers, signal }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (response.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : raw).toString('utf8');
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, cookies: response.headers['set-cookie'] ?? [], serverTiming: response.headers['server-timing'], json: async () => JSON.parse(text) });
        });
      });
      sent.on('error', reject);
      sent.end(body === undefined ? undefined : JSON.stringify(body));
    });
}

/** A step's text as the editor sends it (a marker, a list, a link); `n` is the save that wrote it. */
function stepParagraph(i, n) {
  return (
    `<p>Step ${i + 1} (save ${n}): walk past the bakery and take the <strong>second door</strong> on the left. ` +
    `The key box is to the right of it; enter <span data-marker="lockbox"></span> and pull the lever.</p>` +
    `<ul><li>Lights: switch by the door</li><li>Parking: <a href="https://maps.example.com/p">see the map</a></li></ul>`
  );
}

/** Every step's title and text in each of BENCH_TRANSLATIONS, made from the current main text. */
function benchTranslations(boxes) {
  const fields = boxes.flatMap((box) => [
    [`boxes.${box.id}.title`, box.title],
    [`boxes.${box.id}.paragraph`, box.paragraph],
  ]);
  // The main text with the language in front: a rich text keeps its door-code marker, as a translation must.
  const translated = (language, text) => (text.startsWith('<p>') ? text.replace('<p>', `<p>(${language}) `) : `(${language}) ${text}`);
  return Object.fromEntries(BENCH_TRANSLATIONS.map((language) => [language, Object.fromEntries(fields.map(([key, text]) => [key, { text: translated(language, text), source: sourceHash(text) }]))]));
}

/** `translations` with `box`'s title and text translated again from its current main text. */
function withStepTranslated(translations, box) {
  const step = benchTranslations([box]);
  return Object.fromEntries(Object.entries(translations).map(([language, entries]) => [language, { ...entries, ...step[language] }]));
}

/**
 * A bench host's 30-step guidebook in ten languages, published: its German page as the snapshot
 * serves it (for the reference server's bytes and headers) and each language's page size in brotli.
 */
async function publishTranslatedGuidebook(app) {
  const [send] = await signInBenchHosts(app, ['bench-language-page']);
  const boxes = benchSteps();
  const created = await send('/api/instruction', 'POST', { nameInstruction: 'Harbour Loft', boxes, translations: benchTranslations(boxes) });
  if (!created.ok) throw new Error(`creating the translated guidebook answered ${created.status}`);
  const { instruction } = await created.json();
  const sizes = [];
  let german;
  for (const language of ['en', ...BENCH_TRANSLATIONS]) {
    const page = `${app.url}/instruction/${instruction.token}/${language}`;
    await getRaw(page); // renders and stores the variant's snapshot
    const plain = await getSnapshot(page);
    if (language === 'de') german = plain;
    sizes.push({ language, br: (await getRaw(page, BROTLI)).body.length });
  }
  return { token: instruction.token, german, sizes };
}

/** The steps of a bench guidebook, each with one of the product's images (anyone's to use). */
function benchSteps() {
  return Array.from({ length: BENCH_STEPS }, (_, i) => ({
    id: 1735689600000 + i,
    title: `Step ${i + 1}`,
    paragraph: stepParagraph(i, 0),
    imageUrl: `/media/steps/bench-${i + 1}.webp`,
  }));
}

function printTable(columns, data) {
  const widths = columns.map((c, i) => Math.max(c.length, ...data.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(`\n${line(columns)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of data) console.log(line(row));
}

/**
 * REFERENCE_PROCESSES bare node:http servers answering the same bytes and headers, each in its own
 * process: one process's speed is a draw (four identical ones, started together, served the
 * 47 KB guest page at 67.9, 60.3, 67.0 and 60.9 thousand req/s in one run, each keeping its own
 * speed through every turn; docs/performance.md, "Guest page against node:http"), their mean is
 * node:http's. `url` and `pid` are the first's; `processes` all of them.
 */
async function startReferences(body, headers) {
  const processes = await Promise.all(Array.from({ length: REFERENCE_PROCESSES }, () => startReference(body, headers)));
  return {
    url: processes[0].url,
    pid: processes[0].pid,
    processes,
    stop: () => Promise.all(processes.map((one) => one.stop())),
  };
}

/**
 * A bare node:http server answering the given bytes with the given response headers (a list as
 * the guest page's fast path writes them), in its own process: a fair ceiling.
 */
async function startReference(body, headers) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-ref-'));
  const file = path.join(dir, 'page');
  fs.writeFileSync(file, body);
  const list = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, String(value)]));
  const source = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const headers = ${JSON.stringify(list)};
    const server = require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(${port}, '127.0.0.1');
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const url = `http://127.0.0.1:${port}`;
  const { pid, stop } = await spawnServer(['--input-type=commonjs', '-e', source], {}, `${url}/`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { url, pid, stop };
}
