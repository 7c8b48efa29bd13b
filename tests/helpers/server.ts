import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { startS3StandIn, type S3StandIn } from './s3-standin.ts';
import { openPostgresSync, openSqliteSync, type SyncDb } from './sync-db.ts';
import { createTestDatabase, onPostgres } from './test-database.ts';

/**
 * Where test servers keep uploads and snapshots: DATA_DIR (`fs`) by default; with
 * TEST_STORAGE=s3 (`npm run test:pg`), a bucket of an S3 stand-in (tests/helpers/s3-standin.ts)
 * started in this test file's process, a fresh bucket per server. A caller's own STORAGE_DRIVER wins.
 */
export const testStorage: 'fs' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'fs';

export interface TestServer {
  url: string;
  origin: string;
  dataDir: string;
  logs: string[];
  /** The database the server runs on: its SQLite file under dataDir, or PostgreSQL (TEST_DATABASE_URL). */
  dialect: 'sqlite' | 'postgres';
  /** The server's DATABASE_URL on PostgreSQL; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** STORAGE_DRIVER and S3_* as the server got them ({} for the default fs store): for the CLI scripts. */
  storageEnv: Record<string, string>;
  /** A synchronous handle on the server's database (tests/helpers/sync-db.ts); close it when done. */
  openDb(): SyncDb;
  /** fetch against the server with our Origin on writes, like the browser app sends. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * CPU time the server process has used so far (user and system, all threads), in ms: a bound on
   * work that a busy machine does not stretch as it stretches the clock. Null without /proc (not Linux).
   */
  cpuMs(): number | null;
  process: ChildProcess;
}

/** How long startServer waits for `porchlight: listening` before it calls the start hung. */
const START_TIMEOUT_MS = 90_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL only: each DATA_DIR's database, so a server started again on that DATA_DIR finds its data. */
const databaseOfDataDir = new Map<string, string>();
/** One synchronous handle per database, kept for the whole test file (a worker thread each). */
const syncHandles = new Map<string, ReturnType<typeof openPostgresSync>>();
/** TEST_STORAGE=s3 only: each DATA_DIR's bucket, so a server started again on that DATA_DIR finds its objects. */
const bucketOfDataDir = new Map<string, string>();
/** TEST_STORAGE=s3 only: this file's stand-in, started with its first server, closed after its tests. */
let sharedStandIn: Promise<S3StandIn> | undefined;

/** The servers this test file started: a failed test prints what they logged as warnings and errors. */
const startedServers: TestServer[] = [];

/** The lines a failed test shows of each server's log, the last ones (pino's levels: 40 warn, 50 error, 60 fatal). */
const FAILURE_LOG_LINES = 40;

afterEach((context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const started of startedServers) {
    const lines = started.logs.filter((line) => /"level":(40|50|60)\b/.test(line)).slice(-FAILURE_LOG_LINES);
    // Straight to stderr: console.error fails a test by itself (tests/setup/fail-on-console-error.ts).
    if (lines.length > 0) process.stderr.write(`test server ${started.url}, its warnings and errors so far:\n${lines.join('\n')}\n`);
  }
});

afterAll(async () => {
  const standIn = await sharedStandIn;
  sharedStandIn = undefined;
  await standIn?.close();
});

/** The storage variables for a server on `dataDir` under TEST_STORAGE=s3: its own bucket in the shared stand-in. */
async function testBucketEnv(dataDir: string): Promise<Record<string, string>> {
  const standIn = await (sharedStandIn ??= startS3StandIn());
  let bucket = bucketOfDataDir.get(dataDir);
  if (!bucket) bucketOfDataDir.set(dataDir, (bucket = `porchlight-test-${randomBytes(6).toString('hex')}`));
  standIn.addBucket(bucket);
  return standIn.env(bucket);
}

/**
 * Starts `node scripts/serve.mjs` (the built app) on a free port with a fresh DATA_DIR; with
 * TEST_DATABASE_URL, on a fresh PostgreSQL database too (or the one of the DATA_DIR it is given);
 * with TEST_STORAGE=s3, on a fresh bucket of the stand-in too (or the one of that DATA_DIR).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-test-'));
  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl === undefined && onPostgres) {
    databaseUrl = databaseOfDataDir.get(dataDir) ?? (await createTestDatabase());
    databaseOfDataDir.set(dataDir, databaseUrl);
  }
  const storageEnv =
    'STORAGE_DRIVER' in env
      ? Object.fromEntries(Object.entries(env).filter(([name]) => name === 'STORAGE_DRIVER' || name.startsWith('S3_')))
      : testStorage === 's3'
        ? await testBucketEnv(dataDir)
        : {};
  let port: number;
  let child: ChildProcess;
  let logs: string[];
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    ({ child, logs } = spawnServer(port, { databaseUrl, dataDir, storageEnv, env }));
    try {
      await listening(child, logs);
      break;
    } catch (error) {
      // Another process took the port between its choice and the server's listen (a busy machine
      // starts many servers at once): once more, on another port.
      if (attempt < 3 && logs.some((line) => line.includes('EADDRINUSE'))) continue;
      throw error;
    }
  }
  const origin = `http://localhost:${port}`;

  const url = `http://127.0.0.1:${port}`;
  const server: TestServer = {
    url,
    origin,
    dataDir,
    logs,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    databaseUrl,
    storageEnv,
    process: child,
    openDb() {
      if (!databaseUrl) return openSqliteSync(path.join(dataDir, 'porchlight.sqlite'));
      let handle = syncHandles.get(databaseUrl);
      if (!handle) syncHandles.set(databaseUrl, (handle = openPostgresSync(databaseUrl)));
      return handle;
    },
    request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      const method = rest.method ?? (json === undefined ? 'GET' : 'POST');
      const h = new Headers(headers);
      if (method !== 'GET' && !h.has('origin')) h.set('origin', origin);
      if (json !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
      return fetch(url + pathname, { ...rest, method, headers: h, body: json === undefined ? rest.body : JSON.stringify(json) });
    },
    cpuMs() {
      const stat = `/proc/${child.pid}/stat`;
      if (!fs.existsSync(stat)) return null;
      // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
      const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
  startedServers.push(server);
  return server;
}

function spawnServer(port: number, { databaseUrl, dataDir, storageEnv, env }: { databaseUrl: string | undefined; dataDir: string; storageEnv: Record<string, string>; env: Record<string, string> }): { child: ChildProcess; logs: string[] } {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      PATH: process.env.PATH,
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...storageEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, logs };
}

/** Resolves once the server says it listens; rejects with its log when it exits first or hangs. */
function listening(child: ChildProcess, logs: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // A hang detector only: a start on a busy machine may take long. Longer than a test's own
    // timeout (vitest.config.ts), shorter than a hook's, so a hung start in beforeAll shows its log.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${logs.join('\n')}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      if (logs.some((line) => line.includes('porchlight: listening'))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
}
