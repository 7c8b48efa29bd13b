import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

// The global error screen (src/pages/500.astro) on the built server: in production it shows a
// reference, never the error's text, and the log line with the cause carries that reference.
const INTERNAL = 'Crash test: this route fails on purpose.';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  path?: string;
  status?: number;
  err?: { message: string; stack: string };
}

const logLines = (server: TestServer): LogLine[] => server.logs.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);

/** The reference the page shows (the request id), or undefined. */
const referenceOf = (html: string) => /data-error-reference[^>]*>\s*Reference: <code[^>]*>([^<]+)<\/code>/.exec(html)?.[1];

describe('/crash in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows a reference and no internal text; the log line with the cause carries the same id', async () => {
    const response = await server.request('/crash');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain(INTERNAL);
    expect(html).not.toContain('data-error-message');
    const reference = referenceOf(html);
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(reference);

    await expect.poll(() => logLines(server).some((line) => line.msg === 'unhandled page error' && line.reqId === reference)).toBe(true);
    const cause = logLines(server).find((line) => line.msg === 'unhandled page error' && line.reqId === reference);
    expect(cause).toMatchObject({ level: 50, path: '/crash', err: { message: INTERNAL } });
    expect(cause?.err?.stack).toContain('crash');
    // The request's own line names the same id: one request, one id, whichever line support finds.
    expect(logLines(server).find((line) => line.msg === 'request' && line.path === '/crash')).toMatchObject({ reqId: reference, status: 500 });
  });

  it('each failed request gets its own reference; a valid X-Request-Id from a proxy is kept', async () => {
    const first = referenceOf(await (await server.request('/crash')).text());
    const second = referenceOf(await (await server.request('/crash')).text());
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    const traced = await server.request('/crash', { headers: { 'x-request-id': 'edge-1234.abc' } });
    expect(referenceOf(await traced.text())).toBe('edge-1234.abc');
    await expect.poll(() => logLines(server).some((line) => line.msg === 'unhandled page error' && line.reqId === 'edge-1234.abc')).toBe(true);
  });
});

describe('/crash in development', () => {
  it('shows the error’s text beside the reference', async () => {
    const server = await startServer({ NODE_ENV: 'development' });
    try {
      const html = await (await server.request('/crash')).text();
      expect(html).toContain(INTERNAL);
      expect(referenceOf(html)).toBeDefined();
    } finally {
      await server.stop();
    }
  });
});
