// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressPage, stopCompressionWorker } from '../src/lib/server/guest-pages/store/compress-page.ts';

// src/lib/server/guest-pages/store/compress-page.ts: a publish's brotli and gzip copies of the
// guest page, made on a worker thread so the thread serving guests is not held by them.

/** HTML-like text that does not compress to nothing (random words), about `bytes` long. */
function page(bytes: number): Uint8Array {
  const words = randomBytes(bytes / 2).toString('hex').match(/.{1,7}/g) ?? [];
  return new TextEncoder().encode(`<!doctype html><main>${words.map((word) => `<p>${word}</p>`).join('')}</main>`.slice(0, bytes));
}

describe('compressPage', () => {
  afterAll(() => stopCompressionWorker());

  it('gives the page back in brotli and gzip, each in a buffer of its own size', async () => {
    const html = page(30_000);
    const { br, gz } = await compressPage(html);
    expect(Buffer.from(zlib.brotliDecompressSync(br)).equals(Buffer.from(html))).toBe(true);
    expect(Buffer.from(zlib.gunzipSync(gz)).equals(Buffer.from(html))).toBe(true);
    expect(br.byteLength).toBeLessThan(html.byteLength);
    // A view of a larger buffer would keep all of it alive in the page memory.
    expect(br.buffer.byteLength).toBe(br.byteLength);
    expect(gz.buffer.byteLength).toBe(gz.byteLength);
  });

  it('leaves the calling thread free while a page is compressed', async () => {
    // A long page (about 50 ms of brotli): compressed on this thread, its answer would be ready
    // before the event loop turned once.
    const order: string[] = [];
    const compressed = compressPage(page(3_000_000)).then(() => order.push('compressed'));
    setImmediate(() => order.push('the loop turned'));
    await compressed;
    expect(order).toEqual(['the loop turned', 'compressed']);
  });

  it('fails the pages waiting for a worker that stopped, and starts a new one for the next page', async () => {
    const waiting = compressPage(page(3_000_000));
    await stopCompressionWorker();
    await expect(waiting).rejects.toThrow(/worker exited/);
    const { br } = await compressPage(page(2_000));
    expect(zlib.brotliDecompressSync(br).byteLength).toBe(2_000);
  });
});
