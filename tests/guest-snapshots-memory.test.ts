import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readStored, storedNames, writeStored } from './helpers/stored.ts';
import { until } from './helpers/until.ts';

// The guest pages a server keeps in memory are bounded by bytes, the least recently read going
// first (docs/architecture.md, Guest snapshots). A bound of 1 MB (GUEST_PAGE_MEMORY_MB) is filled
// here by a few large pages; NODE_ENV=test makes guest responses say the bytes held
// (`x-snapshot-memory`), the SQLite statements they ran and the rebuilds under way.
const BOUND = 1024 * 1024;

let server: TestServer;
let host: SignedInHost;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test', GUEST_PAGE_MEMORY_MB: '1' });
  host = await signedInHost(server, 'gold');
});

afterAll(async () => {
  await server?.stop();
});

const BROTLI = { 'accept-encoding': 'br' };

/** Every `x-snapshot-memory` a guest answer carried: none may be above the bound. */
const held: number[] = [];

async function guest(pathname: string): Promise<{ status: number; snapshot: string | null; queries: string | null; etag: string | null; html: string }> {
  const response = await server.request(pathname, { headers: BROTLI });
  held.push(Number(response.headers.get('x-snapshot-memory')));
  // fetch decodes the brotli body.
  return { status: response.status, snapshot: response.headers.get('x-snapshot'), queries: response.headers.get('x-sqlite-queries'), etag: response.headers.get('etag'), html: await response.text() };
}

async function rebuildsSettled(): Promise<void> {
  await until(async () => (await server.request('/instruction', { headers: BROTLI })).headers.get('x-snapshot-rebuilds'), (count) => count === '0', 'the snapshot rebuilds finished');
}

/**
 * A guidebook whose page is about 120 KB in its three encodings: steps of random words, which
 * compress about as badly as a long guidebook's text does. Its page is rendered and stored (and
 * held in memory) by the publish that follows the creation.
 */
async function create(name: string): Promise<Instruction> {
  const words = () => Array.from({ length: 1_000 }, () => randomBytes(4).toString('hex')).join(' ');
  const boxes = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: `Step ${i + 1}`, paragraph: `<p>${words()}</p>`, imageUrl: '' }));
  const response = await host.call('/api/instruction', { json: { nameInstruction: name, boxes } });
  expect(response.status).toBe(201);
  const { instruction } = (await response.json()) as { instruction: Instruction };
  await rebuildsSettled();
  return instruction;
}

/** The bytes of a page's stored encodings: about what memory holds of it. */
const storedBytes = (token: string) => storedNames(server, 'snapshots', token).reduce((sum, encoding) => sum + readStored(server, 'snapshots', `${token}/${encoding}`).length, 0);

/** Stores the stored item `key` again with another ETag in its header (its page unchanged): a reader of the store answers with it. */
function restamp(key: string, etag: string): void {
  const bytes = readStored(server, 'snapshots', key);
  const size = bytes.readUInt32BE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + size).toString('utf8')) as { etag: string };
  const json = Buffer.from(JSON.stringify({ ...header, etag }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  writeStored(server, 'snapshots', key, Buffer.concat([length, json, bytes.subarray(4 + size)]));
}

/** The ETag a stored copy is marked with: an answer carrying it was read from the store, not memory. */
const FROM_THE_STORE = 'W/"read-from-the-store"';

describe('guest pages in memory', () => {
  it('stay within the bound in bytes: the page guests keep reading stays, the one read least recently goes and is read from the store again', async () => {
    // First the page guests will keep opening (in French too), then one nobody opens again.
    const hot = await create('Busy Harbour House');
    const hotPages = [`/instruction/${hot.token}`, `/instruction/${hot.token}?lang=fr`];
    for (const pathname of hotPages) expect((await guest(pathname)).status).toBe(200);
    for (const id of [hot.token, `${hot.token}~fr`]) restamp(`${id}/br`, FROM_THE_STORE);
    const cold = await create('Quiet Cellar Flat');
    restamp(`${cold.token}/br`, FROM_THE_STORE);

    // Far more pages than the bound holds, the busy page read between any two: from memory each time.
    let written = storedBytes(hot.token) + storedBytes(`${hot.token}~fr`) + storedBytes(cold.token);
    for (let n = 1; written < 3 * BOUND; n += 1) {
      expect(n, 'pages needed to fill the bound').toBeLessThan(60);
      written += storedBytes((await create(`Filler ${n}`)).token);
      for (const pathname of hotPages) {
        const read = await guest(pathname);
        expect(read.snapshot).toBe('hit');
        expect(read.etag, pathname).not.toBe(FROM_THE_STORE);
        expect(read.html).toContain('Busy Harbour House');
      }
    }
    expect(Math.max(...held)).toBeLessThanOrEqual(BOUND);
    // And it did fill.
    expect(held.at(-1)).toBeGreaterThan(BOUND / 2);

    // The quiet page left memory: its guest gets the stored copy, whole and right, with no render.
    const quiet = await guest(`/instruction/${cold.token}`);
    expect(quiet.status).toBe(200);
    expect(quiet.snapshot).toBe('hit');
    expect(quiet.queries).toBe('0');
    expect(quiet.etag).toBe(FROM_THE_STORE);
    expect(quiet.html).toContain('Quiet Cellar Flat');
    expect(quiet.html).toContain('</html>');

    // A save of the busy page renders its French page again too (guests read it here, in
    // brotli, though its plain copy left memory long ago): no guest waits for a render.
    const saved = await host.call(`/api/instruction/${hot._id}`, { method: 'PUT', json: { ...hot, nameInstruction: 'Busy Harbour House, renovated' } });
    expect(saved.status).toBe(200);
    const during = await guest(hotPages[1]!);
    expect(during.snapshot).toBe('hit');
    expect(during.queries).toBe('0');
    await rebuildsSettled();
    const after = await guest(hotPages[1]!);
    expect(after.snapshot).toBe('hit');
    expect(after.queries).toBe('0');
    expect(after.html).toContain('Busy Harbour House, renovated');
    expect(Math.max(...held)).toBeLessThanOrEqual(BOUND);
  });

  it('GUEST_PAGE_MEMORY_MB is a whole number of megabytes; anything else stops the start', () => {
    expect(parseConfig({}).guestPageMemoryBytes).toBeUndefined();
    expect(parseConfig({ GUEST_PAGE_MEMORY_MB: '256' }).guestPageMemoryBytes).toBe(256 * 1024 * 1024);
    for (const value of ['0', '1.5', 'lots', '-64', '100000']) {
      expect(() => parseConfig({ GUEST_PAGE_MEMORY_MB: value }), value).toThrow(ConfigError);
      expect(() => parseConfig({ GUEST_PAGE_MEMORY_MB: value }), value).toThrow(/^\s*GUEST_PAGE_MEMORY_MB: expected a whole number of megabytes/m);
    }
  });
});
