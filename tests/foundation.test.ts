import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/lib/server/demo/seed-demo.ts';
import { openDatabase } from '../src/lib/server/platform/db/open-database.ts';
import { DEMO_HOST_EMAIL, DEMO_TOKEN } from '../src/lib/shared/demo.ts';
import { serverKysely } from './helpers/kysely.ts';
import { freePort, startServer, type TestServer } from './helpers/server.ts';
import { openSqliteSync } from './helpers/sync-db.ts';
import { onPostgres } from './helpers/test-database.ts';
import { rawExchange } from './helpers/raw-exchange.ts';
import { until } from './helpers/until.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startServer();
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server?.stop();
});

/** Runs scripts/serve.mjs with `env` and resolves with its exit code and output. */
function runServe(env: Record<string, string>, signal: AbortSignal): Promise<{ code: number | null; output: string }> {
  return runNode(['scripts/serve.mjs'], env, signal);
}

/**
 * Runs `node <args>` with `env` and a fresh DATA_DIR; resolves with its exit code and output once
 * it exits, however long a busy machine takes. `signal` (the test's) stops it if the test times out.
 */
function runNode(args: string[], env: Record<string, string>, signal: AbortSignal): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-env-'));
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH, ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}), DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      // A start that should have stopped is listening instead: stop it (the test fails on its output).
      if (output.includes('porchlight: listening')) child.kill('SIGKILL');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // Aborted (the child is killed, its exit follows) or not started at all: answer either way.
    child.on('error', (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function headerBlock(method: string, pathname: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: `localhost:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${pathname} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

describe('start and health', () => {
  it('GET /healthz → 200 { status: "ok" }', async () => {
    const response = await server.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  // Each spawns its own short-lived process: run them side by side.
  it.concurrent.for([
    ['PORT', 'abc'],
    ['SMTP_URL', 'notaurl'],
    ['APP_URL', 'ftp://example.com'],
  ] as const)('a bad %s stops the start with a message naming it', async ([name, value], { signal }) => {
    const { code, output } = await runServe({ PORT: String(await freePort()), [name]: value }, signal);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    expect(output).not.toContain('porchlight: listening');
  });

  it.concurrent.for(['scripts/serve.mjs', 'scripts/admin.mjs', 'scripts/backup.mjs'])('%s on a Node older than 22.12 says what to install instead of crashing in the native SQLite module', async (script, { signal }) => {
    // The running Node made to report 20.19.0 before the script's first line (a real Node 20
    // segfaults inside better-sqlite3 13 once it is loaded).
    const olderNode = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.19.0"}})';
    const { code, output } = await runNode(['--import', olderNode, script], { PORT: String(await freePort()) }, signal);
    expect(code).toBe(1);
    expect(output).toContain('porchlight: Node.js 20.19.0 is too old; Node 22.12 or later is needed');
    expect(output).not.toContain('porchlight: listening');
  });
});

describe('database', () => {
  it.skipIf(onPostgres)('the server database is in WAL mode', () => {
    const db = openSqliteSync(path.join(server.dataDir, 'porchlight.sqlite'));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('openDatabase() sets the pragmas of docs/security.md 24 on every connection it opens', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-pragmas-'));
    const { sqlite, db } = openDatabase(path.join(dir, 'test.sqlite'));
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the demo host and guidebook exist after start, and seeding again changes nothing', async () => {
    const db = serverKysely(server);
    try {
      const snapshot = async () => ({
        users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
        instructions: await db.selectFrom('instructions').selectAll().orderBy('id').execute(),
      });
      const before = await snapshot();
      expect(before.users).toContainEqual(expect.objectContaining({ email: DEMO_HOST_EMAIL }));
      expect(before.instructions).toContainEqual(expect.objectContaining({ token: DEMO_TOKEN }));

      await seedDemo(db, Date.now() + 60_000);
      await seedDemo(db, Date.now() + 120_000);
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.destroy();
    }
  });
});

describe('security headers', () => {
  function expectBaseline(headers: Headers) {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeTruthy();
  }

  it('on the landing page', async () => {
    const response = await server.request('/');
    expect(response.status).toBe(200);
    expectBaseline(response.headers);
    // Scripts are hash-locked: nothing inline runs unless Astro hashed it, nothing is evaluated.
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-(inline|eval)'/);
    await response.body?.cancel();
  });

  it('on an API response', async () => {
    const response = await server.request('/healthz');
    expectBaseline(response.headers);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    await response.body?.cancel();
  });

  it('on an API error response', async () => {
    const response = await server.request('/api/messaging/contact', { json: {} });
    expect(response.status).toBe(400);
    expectBaseline(response.headers);
    await response.body?.cancel();
  });
});

describe('request guards', () => {
  it.each(['/api/messaging/contact', '/api/users/auth', '/api/instruction'])('a cross-origin text/plain POST to %s → 403/415', async (pathname) => {
    const response = await fetch(server.url + pathname, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{"name":"x"}',
    });
    expect([403, 415]).toContain(response.status);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it.each(['/api/messaging/contact', '/api/nothing-here'])('an 11 MB Content-Length to %s → 413 before the body is sent', async (pathname) => {
    const answer = await rawExchange(port, (socket) => {
      socket.write(
        headerBlock('POST', pathname, {
          origin: server.origin,
          'content-type': 'application/json',
          'content-length': String(11 * 1024 * 1024),
        }),
      );
      // A first piece of the body only: the answer must not wait for the remaining 11 MB.
      socket.write('{"name":"');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/"message":"[^"]+"/);
    // Still serving.
    expect((await server.request('/healthz')).status).toBe(200);
  });
});

// Last: it stops the server of this file.
describe('graceful shutdown', () => {
  it('SIGTERM lets an in-flight request finish, then exits with code 0', async () => {
    const body = JSON.stringify({ name: 'Late Visitor', email: 'late@example.com', message: 'Sent during shutdown.' });
    const half = Math.floor(body.length / 2);
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));

    // `Expect: 100-continue`: the server answers "100 Continue" once it has parsed the headers and
    // taken the request in hand, so the test knows the request is in flight without guessing when.
    let inFlight!: (socket: net.Socket) => void;
    const continued = new Promise<net.Socket>((resolve) => (inFlight = resolve));
    const exchange = rawExchange(port, (socket) => {
      socket.once('data', () => inFlight(socket));
      socket.write(headerBlock('POST', '/api/messaging/contact', { origin: server.origin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' }));
    });
    const socket = await continued;
    socket.write(body.slice(0, half));
    server.process.kill('SIGTERM');
    await until(() => server.logs.some((line) => line.includes('porchlight: shutting down')), Boolean, 'the server beginning to stop');
    // The server must keep the request alive. The pause only lets a wrong exit show (a busy
    // machine can hide one, never invent one); then the rest of the body.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.process.exitCode).toBeNull();
    socket.write(body.slice(half));
    const answer = await exchange;

    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(answer).toContain('"message":"Email Sent"');
    // The answer closes the connection, so the keep-alive timeout does not delay the exit.
    expect(answer).toMatch(/^connection: close$/im);
    expect(await exited).toBe(0);

    // The message was stored before the process went away.
    const db = server.openDb();
    const row = db.prepare("SELECT name FROM contact_messages WHERE email = 'late@example.com'").get();
    db.close();
    expect(row).toEqual({ name: 'Late Visitor' });
    expect(server.logs.some((line) => line.includes('porchlight: stopped'))).toBe(true);
  });
});
