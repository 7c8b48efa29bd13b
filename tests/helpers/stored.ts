import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Storage } from 'unstorage';
import { expect } from 'vitest';
import { parseConfig } from '../../src/lib/server/platform/config.ts';
import { createNamedStorage, type StorageName } from '../../src/lib/server/platform/storage.ts';
import { standInAt } from './s3-standin.ts';
import type { TestServer } from './server.ts';

/**
 * What a test server has in its stores (uploads, snapshots), looked at from the test: files under
 * DATA_DIR/<store> on the fs driver, objects `<store>/<key>` in the S3 stand-in's bucket on s3
 * (TEST_STORAGE=s3, or a stand-in the test started itself). Keys are `/`-separated, relative to
 * the store (`u/<user>/<id>.webp`, `<token>/br`). The same assertions run on both.
 */
type Store = StorageName;

/** The bucket's objects when the server is on a stand-in of this process; undefined on fs. */
function bucketOf(server: TestServer): Map<string, Buffer> | undefined {
  const driver = server.storageEnv.STORAGE_DRIVER ?? 'fs';
  if (driver === 'fs') return undefined;
  if (driver !== 's3') throw new Error(`stored: STORAGE_DRIVER=${driver} is not visible from the test`);
  const objects = standInAt(server.storageEnv.S3_ENDPOINT!)?.buckets.get(server.storageEnv.S3_BUCKET!);
  if (!objects) throw new Error(`stored: no stand-in bucket ${server.storageEnv.S3_BUCKET} at ${server.storageEnv.S3_ENDPOINT}`);
  return objects;
}

const fileOf = (server: TestServer, store: Store, key: string) => path.join(server.dataDir, store, ...key.split('/'));

function filesBelow(dir: string, prefix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesBelow(path.join(dir, entry.name), key) : [key];
  });
}

/** Every stored key of `store`, sorted; only those under the folder `under` (`<token>`, `u/<user>`) when given. */
export function storedKeys(server: TestServer, store: Store, under = ''): string[] {
  const objects = bucketOf(server);
  if (!objects) return filesBelow(under ? fileOf(server, store, under) : path.join(server.dataDir, store), under).sort();
  const prefix = under ? `${store}/${under}/` : `${store}/`;
  return [...objects.keys()]
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(store.length + 1))
    .sort();
}

/** The names directly under the folder `under` (a snapshot's encodings: `br`, `gz`, `html`), sorted. */
export function storedNames(server: TestServer, store: Store, under: string): string[] {
  return storedKeys(server, store, under).map((key) => key.slice(under.length + 1));
}

/** The uploads store's key of an uploaded image's URL path (`/media/u/<user>/<id>.webp` → `u/<user>/<id>.webp`). */
export const uploadKey = (image: string): string => image.slice('/media/'.length);

/**
 * An uploaded image as /media/… serves it, from either store: public, a fixed Content-Type,
 * nosniff, a year of caching, a locked-down CSP and a content ETag.
 */
export function expectServedUpload(response: Response): void {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{21}"$/);
}

/** Whether the uploads store still holds the image at this URL path. */
export const hasUpload = (server: TestServer, image: string): boolean => hasStored(server, 'uploads', uploadKey(image));

export function hasStored(server: TestServer, store: Store, key: string): boolean {
  const objects = bucketOf(server);
  return objects ? objects.has(`${store}/${key}`) : fs.existsSync(fileOf(server, store, key));
}

/** The stored bytes of `key`; throws when there are none. */
export function readStored(server: TestServer, store: Store, key: string): Buffer {
  const objects = bucketOf(server);
  if (!objects) return fs.readFileSync(fileOf(server, store, key));
  const bytes = objects.get(`${store}/${key}`);
  if (!bytes) throw new Error(`stored: no ${store}/${key} in the bucket`);
  return bytes;
}

/** Stores `bytes` at `key` behind the server's back (as another process or an old build would have). */
export function writeStored(server: TestServer, store: Store, key: string, bytes: Buffer | string): void {
  const objects = bucketOf(server);
  const buffer = Buffer.from(bytes);
  if (objects) {
    objects.set(`${store}/${key}`, buffer);
    return;
  }
  const file = fileOf(server, store, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, buffer);
}

/** Removes `key` and everything under the folder `key` (a snapshot's every encoding), if there. */
export function removeStored(server: TestServer, store: Store, key: string): void {
  const objects = bucketOf(server);
  if (!objects) {
    fs.rmSync(fileOf(server, store, key), { recursive: true, force: true });
    return;
  }
  for (const stored of [...objects.keys()]) {
    if (stored === `${store}/${key}` || stored.startsWith(`${store}/${key}/`)) objects.delete(stored);
  }
}

/** The server's store `store` as the app builds it (same driver and place), for calling server modules. */
export function serverStorage(server: TestServer, store: Store): Storage {
  return createNamedStorage(parseConfig({ DATA_DIR: server.dataDir, ...server.storageEnv }), store);
}

/**
 * A stored snapshot's page as text (`encoding`: `br`, `gz` or `html`, decompressed), or null while
 * it is missing or half-written: the store writes a file in place, so a test polling for a
 * rebuild can read it mid-write (the server's own reader refuses such a copy the same way).
 */
export function storedSnapshotPage(server: TestServer, token: string, encoding: string): string | null {
  if (!storedNames(server, 'snapshots', token).includes(encoding)) return null;
  const bytes = readStored(server, 'snapshots', `${token}/${encoding}`);
  if (bytes.length < 4 || 4 + bytes.readUInt32BE(0) > bytes.length) return null;
  const size = bytes.readUInt32BE(0);
  let header: { length?: number };
  try {
    header = JSON.parse(bytes.subarray(4, 4 + size).toString('utf8')) as { length?: number };
  } catch {
    return null;
  }
  const body = bytes.subarray(4 + size);
  if (body.length !== header.length) return null;
  return (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gz' ? gunzipSync(body) : body).toString();
}
