import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';
import { createNamedStorage, s3DriverOptions } from '../src/lib/server/platform/storage.ts';
import { publicMediaUrl } from '../src/lib/server/uploads/media-path.ts';
import { removeUnreferencedUploads } from '../src/lib/server/uploads/remove-unreferenced-uploads.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, withCookie } from './helpers/auth.ts';
import { serverKysely } from './helpers/kysely.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-standin.ts';
import { freePort, startServer, type TestServer } from './helpers/server.ts';
import { expectServedUpload, uploadKey } from './helpers/stored.ts';
import { until } from './helpers/until.ts';

/**
 * STORAGE_DRIVER=s3 (docs/decisions/011) against a SigV4-checking S3 stand-in:
 * uploads and guest snapshots live in the bucket, under `uploads/` and `snapshots/`.
 */
let s3: S3StandIn;
let server: TestServer;
let mediaBase: string;

const start = (env: Record<string, string> = {}) => startServer({ NODE_ENV: 'test', ...s3.env(), MEDIA_PUBLIC_URL: mediaBase, ...env });

beforeAll(async () => {
  s3 = await startS3StandIn();
  mediaBase = `${s3.url}/${s3.bucket}/uploads`;
  server = await start();
});

afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

async function signedIn() {
  const user = await createUser(server);
  return { user, cookie: await login(server, user.email, user.password) };
}

async function upload(cookie: string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  form.append('type', 'square');
  return server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie) });
}

/** /readyz once it answers `status` (one answer serves every probe for a second). */
const readyz = (target: TestServer, status: number): Promise<Response> => until(() => target.request('/readyz'), (response) => response.status === status, `/readyz answering ${status}`, 100);

const png = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7bd5' } }).png().toBuffer();

describe('configuration', () => {
  it('STORAGE_DRIVER=s3 names every missing S3_* variable in one startup error', () => {
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(ConfigError);
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      'Invalid configuration:\n  S3_ENDPOINT: required when STORAGE_DRIVER=s3\n  S3_REGION: required when STORAGE_DRIVER=s3\n  S3_ACCESS_KEY_ID: required when STORAGE_DRIVER=s3\n  S3_SECRET_ACCESS_KEY: required when STORAGE_DRIVER=s3',
    );
    expect(() => parseConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('the server refuses to start without them, saying which', async () => {
    await expect(startServer({ STORAGE_DRIVER: 's3', S3_ENDPOINT: s3.url })).rejects.toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
  });

  it('path-style and virtual-hosted requests both address <store>/<key> in the bucket', () => {
    const base = { endpoint: 'https://s3.eu-west-1.amazonaws.com/', bucket: 'guides', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's' };
    expect(s3DriverOptions({ ...base, forcePathStyle: true }, 'uploads')).toMatchObject({ endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'guides/uploads' });
    expect(s3DriverOptions({ ...base, forcePathStyle: false }, 'snapshots')).toMatchObject({ endpoint: 'https://guides.s3.eu-west-1.amazonaws.com', bucket: 'snapshots' });
  });

  it('MEDIA_PUBLIC_URL maps uploads only, at output', () => {
    const upload = '/media/u/host-1/abcdefghijklmnopqrstu.webp';
    expect(publicMediaUrl(upload, 'https://cdn.example/m')).toBe('https://cdn.example/m/u/host-1/abcdefghijklmnopqrstu.webp');
    expect(publicMediaUrl(upload, undefined)).toBe(upload);
    expect(publicMediaUrl('/images/og-guidebook.png', 'https://cdn.example/m')).toBe('/images/og-guidebook.png');
    expect(publicMediaUrl('', 'https://cdn.example/m')).toBe('');
  });
});

describe('uploads in the bucket', () => {
  let cookie: string;
  let image: string;

  beforeAll(async () => {
    ({ cookie } = await signedIn());
    const response = await upload(cookie, await png());
    expect(response.status).toBe(201);
    ({ image } = (await response.json()) as { image: string });
  });

  it('stores the re-encoded bytes under uploads/<key>, signed, nothing on disk', () => {
    const stored = s3.objects.get(`uploads/${uploadKey(image)}`);
    expect(stored?.subarray(0, 4).toString()).toBe('RIFF');
    expect(stored?.subarray(8, 12).toString()).toBe('WEBP');
    expect(fs.existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
    expect(s3.requests.some((request) => request.method === 'PUT' && request.path === `/${s3.bucket}/uploads/${uploadKey(image)}`)).toBe(true);
  });

  it('serves them at /media/… with the same headers, the bytes unchanged', async () => {
    const response = await fetch(server.url + image);
    expectServedUpload(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.equals(s3.objects.get(`uploads/${uploadKey(image)}`)!)).toBe(true);

    const etag = response.headers.get('etag')!;
    expect((await fetch(server.url + image, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(server.url + image, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/media/u/nobody/abcdefghijklmnopqrstu.webp`)).status).toBe(404);
  });

  it('guest pages link uploads at MEDIA_PUBLIC_URL (allowed by their CSP); stored paths stay /media', async () => {
    const created = await server.request('/api/instruction', {
      json: { nameInstruction: 'Bucket House', boxes: [{ id: 1, title: 'Door', paragraph: '<p>Hi</p>', imageUrl: image }] },
      headers: withCookie(cookie),
    });
    expect(created.status).toBe(201);
    const { instruction } = (await created.json()) as { instruction: Instruction };
    expect(instruction.boxes[0]!.imageUrl).toBe(image);

    const page = await server.request(`/instruction/${instruction.token}`);
    const html = await page.text();
    expect(html).toContain(`src="${mediaBase}/${uploadKey(image)}"`);
    expect(html).toContain(`property="og:image" content="${mediaBase}/${uploadKey(image)}"`);
    expect(html).not.toContain(`src="${image}"`);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*'self'[^;]*${s3.url.replace(/[.:/]/g, '\\$&')}`));
  });

  it('the clean-up removes an orphan from the bucket', async () => {
    const response = await upload(cookie, await png());
    const { image: orphan } = (await response.json()) as { image: string };
    expect(s3.objects.has(`uploads/${uploadKey(orphan)}`)).toBe(true);
    const db = serverKysely(server);
    try {
      await db.updateTable('uploads').set({ created_at: Date.now() - 3 * 60 * 60_000 }).where('key', '=', uploadKey(orphan)).execute();
      const storage = createNamedStorage(parseConfig({ DATA_DIR: server.dataDir, ...s3.env() }), 'uploads');
      expect(await removeUnreferencedUploads({ db, dialect: server.dialect, storage })).toEqual([uploadKey(orphan)]);
    } finally {
      await db.destroy();
    }
    expect(s3.objects.has(`uploads/${uploadKey(orphan)}`)).toBe(false);
    expect(s3.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(uploadKey(orphan)))).toBe(true);
    expect((await fetch(server.url + orphan)).status).toBe(404);
    // The referenced upload is still there.
    expect((await fetch(server.url + image)).status).toBe(200);
  });
});

describe('readiness', () => {
  it('/healthz and /readyz answer 200 while the bucket answers', async () => {
    const health = await server.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await readyz(server, 200);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', uploads: 'ok', snapshots: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('a bucket outage: /readyz 503, uploads 503 with a plain message, /healthz still 200', async () => {
    const { cookie } = await signedIn();
    s3.failWith = 503;
    try {
      const ready = await readyz(server, 503);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', uploads: 'failed', snapshots: 'failed' } });
      const response = await upload(cookie, await png());
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: messages.upload.storeFailed });
      expect(text).not.toMatch(/\bat |s3|ServiceUnavailable/);
      expect((await server.request('/healthz')).status).toBe(200);
      // A committed write is not answered 500 because the stored page could not be removed.
      const made = await server.request('/api/instruction', { json: { nameInstruction: 'Outage Cabin' }, headers: withCookie(cookie) });
      expect(made.status).toBe(201);
    } finally {
      s3.failWith = null;
    }
    expect((await readyz(server, 200)).status).toBe(200);
  });

  it('a wrong secret: the start logs why, /readyz answers 503', async () => {
    const wrong = await start({ S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    try {
      const ready = await readyz(wrong, 503);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: unknown }).checks).toEqual({ database: 'ok', uploads: 'failed', snapshots: 'failed' });
      // The start's own check runs beside the first requests and tries 3 times, 2 s apart, before it says so.
      await until(() => wrong.logs.some((line) => line.includes('storage: the s3 bucket does not answer')), Boolean, 'the start saying the bucket does not answer');
      expect(wrong.logs.some((line) => line.includes('SignatureDoesNotMatch'))).toBe(true);
      // Guests still get their page: a snapshot the store cannot give is rendered from the database.
      const page = await wrong.request('/instruction');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Seaside Cottage');
      expect((await wrong.request('/instruction')).headers.get('x-snapshot')).toBe('hit');
    } finally {
      await wrong.stop();
      fs.rmSync(wrong.dataDir, { recursive: true, force: true });
    }
  });

  it('a missing bucket or an unreachable endpoint: /readyz answers 503', async () => {
    const closedPort = await freePort();
    const brokenSettings: Record<string, string>[] = [{ S3_BUCKET: 'no-such-bucket' }, { S3_ENDPOINT: `http://127.0.0.1:${closedPort}` }];
    for (const env of brokenSettings) {
      const broken = await start(env);
      try {
        const ready = await readyz(broken, 503);
        expect(ready.status).toBe(503);
        expect(((await ready.json()) as { checks: { database: string } }).checks.database).toBe('ok');
      } finally {
        await broken.stop();
        fs.rmSync(broken.dataDir, { recursive: true, force: true });
      }
    }
  });
});

const storedPage = (token: string) => s3.objects.get(`snapshots/${token}/html`)?.toString() ?? null;

// Restarts this file's server on the same data.
describe('a bucket outage while a page must go', () => {
  it('a regenerated link and a changed Wi-Fi password: answered, the old pages never served again, removed once the bucket answers, across a restart', async () => {
    const { cookie } = await signedIn();
    const call = (pathname: string, init: RequestInit & { json?: unknown } = {}) => server.request(pathname, { ...init, headers: withCookie(cookie) });
    const make = async (content: Record<string, unknown>) => ((await (await call('/api/instruction', { json: content })).json()) as { instruction: Instruction }).instruction;
    const loft = await make({ nameInstruction: 'Harbour Loft' });
    const mill = await make({ nameInstruction: 'Mill House', wifiName: 'Mill', wifiPassword: 'mill-4711' });
    // Both pages stored in the bucket, the mill's with its Wi-Fi password.
    await until(() => server.request(`/instruction/${loft.token}`).then((page) => page.headers.get('x-snapshot-rebuilds')), (count) => count === '0', 'rebuilds settled');
    await until(() => storedPage(loft.token), (page) => page?.includes('Harbour Loft') ?? false, 'loft stored');
    await until(() => server.request(`/instruction/${mill.token}`).then(() => storedPage(mill.token)), (page) => page?.includes('mill-4711') ?? false, 'mill stored with its password');

    s3.failWith = 503;
    let newToken: string;
    try {
      // The writes commit and answer as usual: the stored pages cannot go, so they are listed.
      const regenerated = await call(`/api/instruction/preview/${loft.token}`, { method: 'PATCH' });
      expect(regenerated.status).toBe(200);
      newToken = ((await regenerated.json()) as { instruction: Instruction }).instruction.token;
      expect((await call(`/api/instruction/${mill._id}`, { method: 'PUT', json: { ...mill, wifiPassword: 'mill-9922' } })).status).toBe(200);
      expect((await server.request(`/instruction/${loft.token}`)).status).toBe(404);
      const mid = await (await server.request(`/instruction/${mill.token}`)).text();
      expect(mid).toContain('mill-9922');
      expect(mid).not.toContain('mill-4711');
      expect(server.logs.join('\n')).toContain('a stored page could not be removed');
      expect(storedPage(loft.token)).toContain('Harbour Loft');
    } finally {
      // Stopped before the bucket answers again, so only the list can keep the old pages unserved.
      const dataDir = server.dataDir;
      await server.stop();
      s3.failWith = null;
      server = await start({ DATA_DIR: dataDir });
    }
    expect((await server.request(`/instruction/${loft.token}`)).status).toBe(404);
    const after = await (await server.request(`/instruction/${mill.token}`)).text();
    expect(after).toContain('mill-9922');
    expect(after).not.toContain('mill-4711');
    expect(await (await server.request(`/instruction/${newToken}`)).text()).toContain('Harbour Loft');

    // The restarted server retries: the old pages leave the bucket and the list empties.
    await until(() => storedPage(loft.token), (page) => page === null, 'the old link\'s page removed');
    await until(() => storedPage(mill.token), (page) => !page?.includes('mill-4711'), 'the old password\'s page gone');
    const db = serverKysely(server);
    try {
      await until(() => db.selectFrom('snapshot_removals').select('token').execute(), (rows) => rows.length === 0, 'list emptied');
    } finally {
      await db.destroy();
    }
    expect((await server.request(`/instruction/${loft.token}`)).status).toBe(404);
    expect(await (await server.request(`/instruction/${mill.token}`)).text()).toContain('mill-9922');
  });
});

// Last: restarts this file's server on the same data.
describe('guest snapshots in the bucket', () => {
  it('are stored under snapshots/<token>/ and answered after a restart without a render', async () => {
    const { cookie } = await signedIn();
    const created = await server.request('/api/instruction', { json: { nameInstruction: 'Lighthouse Keeper' }, headers: withCookie(cookie) });
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const url = `/instruction/${instruction.token}`;
    const first = await server.request(url);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Lighthouse Keeper');
    await until(() => ['br', 'gz', 'html'].every((encoding) => s3.objects.has(`snapshots/${instruction.token}/${encoding}`)), Boolean, 'every encoding stored');
    expect(fs.existsSync(path.join(server.dataDir, 'snapshots'))).toBe(false);

    const dataDir = server.dataDir;
    await server.stop();
    server = await start({ DATA_DIR: dataDir });
    const after = await server.request(url);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-snapshot')).toBe('hit');
    // The first read after a start compares the stored page with its guidebook's row (one query);
    // from then on it is answered from memory.
    expect(after.headers.get('x-sqlite-queries')).toBe('1');
    expect(after.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await after.text()).toBe(html);
    const again = await server.request(url);
    expect(again.headers.get('x-snapshot')).toBe('hit');
    expect(again.headers.get('x-sqlite-queries')).toBe('0');
    // Raw bytes round-trip through the bucket: the stored item is header + body, byte for byte.
    expect(s3.objects.get(`snapshots/${instruction.token}/html`)!.subarray(-Buffer.byteLength(html)).toString()).toBe(html);
  });
});
