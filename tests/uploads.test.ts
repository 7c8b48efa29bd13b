import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { removeUnreferencedUploads } from '../src/lib/server/uploads/remove-unreferenced-uploads.ts';
import { lockOwnerUploads } from '../src/lib/server/uploads/uploads-in-use.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, login, query, run, setUserPlan, withCookie } from './helpers/auth.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { onPostgres } from './helpers/test-database.ts';
import { expectServedUpload, hasStored, hasUpload, readStored, serverStorage, uploadKey, writeStored } from './helpers/stored.ts';
import { rawExchange } from './helpers/raw-exchange.ts';
import { until } from './helpers/until.ts';

let server: TestServer;

/** Real image files, made once with sharp (docs/style.md 7: tests against real parts). */
const files = {} as Record<'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'gpsPng' | 'gpsJpeg' | 'rotated' | 'commentPolyglot', Buffer>;

function solid(width: number, height: number, background = '#3a7bd5') {
  return sharp({ create: { width, height, channels: 3, background } });
}

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '16/1 26/1 0/1' };

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1 KB PNG whose header declares 20000×20000 (400 megapixels): a decompression bomb. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth; colour type 0 (grey)
  const rows = zlib.deflateSync(Buffer.alloc(50 * 20_001), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG carrying an HTML payload in a COM segment right after SOI: starts as an image. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const payload = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

beforeAll(async () => {
  server = await startServer();
  files.jpeg = await solid(640, 480).jpeg().toBuffer();
  files.png = await solid(500, 500, '#e0a030').png().toBuffer();
  files.webp = await solid(300, 200, '#30a050').webp().toBuffer();
  files.gif = await solid(120, 90, '#a03050').gif().toBuffer();
  files.avif = await solid(160, 120, '#5030a0').avif().toBuffer();
  files.gpsPng = await solid(300, 200).png().withExif({ IFD0: { Artist: 'Host' }, IFD3: GPS }).toBuffer();
  files.gpsJpeg = await solid(300, 200).jpeg().withExif({ IFD0: { Artist: 'Host' }, IFD3: GPS }).toBuffer();
  // Stored 400×200, left half red, right half blue, with EXIF orientation 6 (display turned 90°
  // clockwise: 200×400, red on top, blue below).
  const halves = await solid(400, 200, '#ff0000')
    .composite([{ input: await solid(200, 200, '#0000ff').png().toBuffer(), left: 200, top: 0 }])
    .png()
    .toBuffer();
  files.rotated = await sharp(halves).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
  files.commentPolyglot = withComment(files.jpeg, '<html><script>alert(document.cookie)</script></html>');
});

afterAll(async () => {
  await server?.stop();
});

interface Part {
  bytes: Buffer | string;
  name: string;
  type: string;
}

function upload(cookie: string | null, image: Part | null, kind: string | null = 'square'): Promise<Response> {
  const form = new FormData();
  if (image) form.append('image', new Blob([typeof image.bytes === 'string' ? image.bytes : new Uint8Array(image.bytes)], { type: image.type }), image.name);
  if (kind !== null) form.append('type', kind);
  return server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie) });
}

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(server, overrides);
  return { user, cookie: await login(server, user.email, user.password) };
}

/** Uploads and expects 201; returns the /media path and the stored file's bytes. */
async function uploadOk(cookie: string, image: Part, kind = 'square') {
  const response = await upload(cookie, image, kind);
  const body = (await response.json()) as { message: string; image: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  expect(body.message).toBe(messages.upload.uploaded);
  const stored = readStored(server, 'uploads', body.image.slice('/media/'.length));
  return { image: body.image, stored };
}

/** Statuses of the POST /api/upload lines in the server's request log, in order. */
function uploadLogStatuses(): number[] {
  return server.logs.flatMap((line) => {
    if (!line.includes('"path":"/api/upload"')) return [];
    const entry = JSON.parse(line) as { method?: string; status?: number };
    return entry.method === 'POST' && typeof entry.status === 'number' ? [entry.status] : [];
  });
}

describe('POST /api/upload: accepted images', () => {
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    const session = await signedIn();
    cookie = session.cookie;
    userId = session.user.id;
  });

  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['gif', 'photo.gif', 'image/gif'],
    ['avif', 'photo.avif', 'image/avif'],
  ] as const)('%s → 201, re-encoded to an 800×800 WebP under a server-made name', async (key, name, type) => {
    const { image, stored } = await uploadOk(cookie, { bytes: files[key], name, type });
    expect(image).toMatch(new RegExp(`^/media/u/${userId}/[A-Za-z0-9_-]{21}\\.webp$`));
    expect(image).not.toContain('photo');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 });
    const [row] = query<{ user_id: string; bytes: number }>(server, 'SELECT user_id, bytes FROM uploads WHERE key = ?', image.slice('/media/'.length));
    expect(row).toEqual({ user_id: userId, bytes: stored.length });
  });

  it('rectangle → 1200×675 for the free plan', async () => {
    const { stored } = await uploadOk(cookie, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' }, 'rectangle');
    expect(await sharp(stored).metadata()).toMatchObject({ width: 1200, height: 675 });
  });

  it.each(['gold', 'premium'] as const)('%s gets the larger output: 1200×1200 square, 1920×1080 rectangle', async (plan) => {
    const { user, cookie: paid } = await signedIn();
    setUserPlan(server, user.id, plan);
    const square = await uploadOk(paid, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' }, 'square');
    expect(await sharp(square.stored).metadata()).toMatchObject({ width: 1200, height: 1200 });
    const rectangle = await uploadOk(paid, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' }, 'rectangle');
    expect(await sharp(rectangle.stored).metadata()).toMatchObject({ width: 1920, height: 1080 });
  });

  it('auto-orients from EXIF before cropping', async () => {
    const { stored } = await uploadOk(cookie, { bytes: files.rotated, name: 'r.jpg', type: 'image/jpeg' });
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    // Displayed: red on top, blue below. Unrotated it would be red left, blue right.
    const [topRight, bottomLeft] = [pixel(600, 100), pixel(200, 700)];
    expect(topRight[0]).toBeGreaterThan(200);
    expect(topRight[2]).toBeLessThan(60);
    expect(bottomLeft[2]).toBeGreaterThan(200);
    expect(bottomLeft[0]).toBeLessThan(60);
  });

  it.each(['gpsPng', 'gpsJpeg'] as const)('strips EXIF with GPS (%s): the stored file carries no metadata', async (key) => {
    const input = await sharp(files[key]).metadata();
    expect(input.exif?.length).toBeGreaterThan(0);
    // The GPS IFD pointer tag (0x8825) is in the input's EXIF, in either byte order.
    expect(input.exif!.includes(Buffer.from([0x88, 0x25])) || input.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { stored } = await uploadOk(cookie, { bytes: files[key], name: 'gps.png', type: 'image/png' });
    const output = await sharp(stored).metadata();
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes('EXIF')).toBe(false);
  });

  it('a JPEG that hides HTML in a comment is accepted only as re-encoded pixels', async () => {
    const { stored } = await uploadOk(cookie, { bytes: files.commentPolyglot, name: 'x.jpg', type: 'image/jpeg' });
    expect(stored.includes('<script')).toBe(false);
    expect(stored.includes('html')).toBe(false);
  });
});

describe('POST /api/upload: refused', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedIn()).cookie;
  });

  it('signed out → 401 and nothing stored', async () => {
    const before = query<{ n: number }>(server, 'SELECT count(*) AS n FROM uploads')[0]!.n;
    const response = await upload(null, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: messages.auth.pleaseLogIn });
    expect(query<{ n: number }>(server, 'SELECT count(*) AS n FROM uploads')[0]!.n).toBe(before);
  });

  it('no file → 400 "No file selected"', async () => {
    const response = await upload(cookie, null);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.noFile });
  });

  it('an empty file part (no file chosen) → 400 "No file selected"', async () => {
    const response = await upload(cookie, { bytes: Buffer.alloc(0), name: '', type: 'application/octet-stream' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.noFile });
  });

  it('the image sent as a text field → 400 "No file selected"', async () => {
    const form = new FormData();
    form.append('image', 'not a file');
    form.append('type', 'square');
    const response = await server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.noFile });
  });

  it.each([['circle'], [''], [null]])('type %j → 400', async (kind) => {
    const response = await upload(cookie, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' }, kind);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.badKind });
  });

  const notImages: Array<[string, Part]> = [
    ['an HTML file named .jpg', { bytes: '<!doctype html><html><body><script>alert(1)</script></body></html>', name: 'cat.jpg', type: 'image/jpeg' }],
    ['an SVG', { bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>', name: 'logo.svg', type: 'image/svg+xml' }],
    ['an SVG named .png', { bytes: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', name: 'logo.png', type: 'image/png' }],
    ['a PDF named .webp', { bytes: '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', name: 'doc.webp', type: 'image/webp' }],
  ];
  it.each(notImages)('%s → 400 by magic bytes', async (_label, part) => {
    const response = await upload(cookie, part);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.typeNotAllowed });
  });

  it('an HTML/JPEG polyglot that opens with markup → 400', async () => {
    const polyglot = Buffer.concat([Buffer.from('<html><!--'), files.jpeg, Buffer.from('--><script>alert(1)</script></html>')]);
    const response = await upload(cookie, { bytes: polyglot, name: 'p.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.typeNotAllowed });
  });

  it.each([
    ['JPEG', () => files.jpeg],
    ['PNG', () => files.png],
  ])('a truncated %s → 400 "The image could not be read."', async (_label, make) => {
    const whole = make();
    const response = await upload(cookie, { bytes: whole.subarray(0, Math.floor(whole.length * 0.6)), name: 'cut.img', type: 'image/jpeg' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.unreadable });
  });

  it('a decompression bomb (1 KB PNG declaring 20000×20000) is refused quickly', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(2048);
    const cpuBefore = server.cpuMs();
    const response = await upload(cookie, { bytes: bomb, name: 'bomb.png', type: 'image/png' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.upload.tooManyPixels });
    // Refused from the header, before decoding 400 megapixels. Not a speed test: only a decode
    // (seconds of CPU and gigabytes) fails this bound, counted in the server's CPU time (Linux).
    if (cpuBefore !== null) expect(server.cpuMs()! - cpuBefore).toBeLessThan(2_000);
  });

  it('a file just over 10 MB (body within the multipart allowance) → 413', async () => {
    const response = await upload(cookie, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), name: 'big.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: messages.upload.tooLarge });
  });

  it('a 20 MB upload → 413 before the body is sent', async () => {
    const answer = await rawExchange(Number(new URL(server.url).port), (socket) => {
      socket.write(
        `POST /api/upload HTTP/1.1\r\nhost: ${new URL(server.origin).host}\r\norigin: ${server.origin}\r\ncookie: ${cookie}\r\n` +
          `content-type: multipart/form-data; boundary=x\r\ncontent-length: ${20 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write('--x\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect((await server.request('/healthz')).status).toBe(200);
  });

  it('a 20 MB chunked upload (no Content-Length) is cut off at the cap → 413, the rest never read', async () => {
    const refusedBefore = uploadLogStatuses().filter((status) => status === 413).length;
    const chunk = Buffer.alloc(256 * 1024, 0xff);
    let answered = false;
    const answer = await rawExchange(Number(new URL(server.url).port), (socket) => {
      socket.on('data', () => (answered = true));
      socket.write(
        `POST /api/upload HTTP/1.1\r\nhost: ${new URL(server.origin).host}\r\norigin: ${server.origin}\r\ncookie: ${cookie}\r\n` +
          'content-type: multipart/form-data; boundary=x\r\ntransfer-encoding: chunked\r\n\r\n',
      );
      let sent = 0;
      const pump = () => {
        while (sent < 20 * 1024 * 1024 && !socket.destroyed && !answered) {
          sent += chunk.length;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`, 'latin1')) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    // The server answers and closes while the client is still sending; the client may see the
    // answer or only the reset that follows it (unread data makes the kernel send RST).
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    await expect.poll(() => uploadLogStatuses().filter((status) => status === 413).length).toBe(refusedBefore + 1);
    expect((await server.request('/healthz')).status).toBe(200);
  });

  it('a cross-site multipart POST → 403', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(files.jpeg)]), 'a.jpg');
    form.append('type', 'square');
    const response = await server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie, { origin: 'https://evil.example' }) });
    expect(response.status).toBe(403);
  });
});

describe('per-user quota', () => {
  it('a user at 500 stored files → 403 with a clear message; others are unaffected', async () => {
    const { user, cookie } = await signedIn();
    const db = server.openDb();
    try {
      // One statement for the 500 rows (no per-row commits, on either database).
      const keys = Array.from({ length: 500 }, (_, i) => `u/${user.id}/quota${String(i).padStart(16, '0')}.webp`);
      db.prepare(`INSERT INTO uploads (key, user_id, bytes, created_at) VALUES ${keys.map(() => '(?, ?, 1000, ?)').join(', ')}`).run(
        ...keys.flatMap((key) => [key, user.id, Date.now()]),
      );
    } finally {
      db.close();
    }
    const response = await upload(cookie, { bytes: files.png, name: 'a.png', type: 'image/png' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: messages.upload.quotaReached });

    const other = await signedIn();
    expect((await upload(other.cookie, { bytes: files.png, name: 'a.png', type: 'image/png' })).status).toBe(201);
  });

  it('200 MB stored → 403', async () => {
    const { user, cookie } = await signedIn();
    run(server, 'INSERT INTO uploads (key, user_id, bytes, created_at) VALUES (?, ?, ?, ?)', `u/${user.id}/${'q'.repeat(21)}.webp`, user.id, 200 * 1024 * 1024, Date.now());
    const response = await upload(cookie, { bytes: files.png, name: 'a.png', type: 'image/png' });
    expect(response.status).toBe(403);
  });
});

describe('GET /media/…', () => {
  let image: string;
  let stored: Buffer;
  beforeAll(async () => {
    const { cookie } = await signedIn();
    ({ image, stored } = await uploadOk(cookie, { bytes: files.jpeg, name: 'a.jpg', type: 'image/jpeg' }));
  });

  it('serves the bytes publicly with a fixed Content-Type, nosniff, a year of caching and a locked-down CSP', async () => {
    const response = await fetch(server.url + image);
    expectServedUpload(response);
    expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await fetch(server.url + image)).headers.get('etag')!;
    const response = await fetch(server.url + image, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(server.url + image, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('does not look at the session cookie (no session lookup, no cookie cleared)', async () => {
    const response = await fetch(server.url + image, { headers: { cookie: 'porchlight_session=not-a-session' } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    '/media/porchlight.sqlite',
    '/media/../porchlight.sqlite',
    '/media/u/..%2f..%2fporchlight.sqlite',
    '/media/u/%2e%2e/%2e%2e/porchlight.sqlite',
    '/media/u/x/..%2F..%2F..%2Fporchlight.sqlite',
    '/media/u/demo-host/AAAAAAAAAAAAAAAAAAAAA.webp',
    '/media/u/demo-host/AAAAAAAAAAAAAAAAAAAAA.png',
  ])('%s → 404', async (pathname) => {
    const response = await fetch(server.url + pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toBe('image/webp');
  });

  it('a name that is not server-made → 404 even when such a file exists in the store', async () => {
    writeStored(server, 'uploads', 'u/demo-host/evil.html', '<script>alert(1)</script>');
    expect((await fetch(`${server.url}/media/u/demo-host/evil.html`)).status).toBe(404);
  });
});

describe('removing unreferenced uploads', () => {
  let db: Kysely<Database>;
  serverKyselyForTests(() => server, (opened) => (db = opened));

  const age = (image: string, ms: number) => run(server, 'UPDATE uploads SET created_at = ? WHERE key = ?', Date.now() - ms, uploadKey(image));
  const HOUR = 60 * 60_000;

  it('removes an old unreferenced file and its row; keeps referenced and fresh ones', async () => {
    const { user, cookie } = await signedIn();
    const part = { bytes: files.png, name: 'a.png', type: 'image/png' };
    const [step, extra, host, picture, orphan, fresh] = await Promise.all(Array.from({ length: 6 }, async () => (await uploadOk(cookie, part)).image));
    for (const image of [step, extra, host, picture, orphan]) age(image!, 2 * HOUR);

    const now = Date.now();
    const data = {
      nameInstruction: 'Flat',
      boxes: [{ id: 1, title: 'Door', paragraph: '<p>Hi</p>', imageUrl: step }],
      manualBoxes: [{ id: 2, paragraph: '<p>Beach</p>', imageUrl: extra }],
      photoGreating: host,
    };
    run(server, 'INSERT INTO instructions (id, user_id, team_id, token, is_free, version, data, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?)', `gc-${user.id}`, user.id, user.teamId, `tok-${user.id}`, JSON.stringify(data), now, now);
    const patched = await server.request('/api/users/profile', { method: 'PATCH', json: { picture }, headers: withCookie(cookie) });
    expect(patched.status).toBe(200);

    const storage = serverStorage(server, 'uploads');
    const removed = await removeUnreferencedUploads({ db, dialect: server.dialect, storage });
    expect(removed).toEqual([uploadKey(orphan!)]);
    expect(hasUpload(server, orphan!)).toBe(false);
    expect(query(server, 'SELECT 1 FROM uploads WHERE key = ?', uploadKey(orphan!))).toEqual([]);
    expect((await fetch(server.url + orphan)).status).toBe(404);
    for (const kept of [step, extra, host, picture, fresh]) {
      expect(hasUpload(server, kept!)).toBe(true);
      expect((await fetch(server.url + kept)).status).toBe(200);
    }

    // The picture changes and the step image is removed from the guidebook: both go on the next pass.
    expect((await server.request('/api/users/profile', { method: 'PATCH', json: { picture: '' }, headers: withCookie(cookie) })).status).toBe(200);
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...data, boxes: [] }), `gc-${user.id}`);
    expect((await removeUnreferencedUploads({ db, dialect: server.dialect, storage })).sort()).toEqual([uploadKey(picture!), uploadKey(step!)].sort());
    expect(hasUpload(server, extra!) && hasUpload(server, host!) && hasUpload(server, fresh!)).toBe(true);
  });

  /** A guidebook whose first step shows `image`, as the editor made it; `put` saves a new version of it. */
  async function guidebookWith(cookie: string, image: string) {
    const call = (pathname: string, init: RequestInit & { json?: unknown }) => server.request(pathname, { ...init, headers: withCookie(cookie) });
    const made = await call('/api/instruction', { method: 'POST', json: { nameInstruction: 'Mill', boxes: [{ id: 1, title: 'Door', paragraph: '<p>Hi</p>', imageUrl: image }] } });
    expect(made.status).toBe(201);
    let current = ((await made.json()) as { instruction: Instruction }).instruction;
    return {
      get current() {
        return current;
      },
      async put(changes: Partial<Instruction>): Promise<Response> {
        const response = await call(`/api/instruction/${current._id}`, { method: 'PUT', json: { ...current, ...changes } });
        if (response.status === 200) current = ((await response.clone().json()) as { instruction: Instruction }).instruction;
        return response;
      },
    };
  }

  it('a save that brings back an image the clean-up removed answers 422 and stores nothing', async () => {
    const { cookie } = await signedIn();
    const { image } = await uploadOk(cookie, { bytes: files.png, name: 'door.png', type: 'image/png' });
    const guidebook = await guidebookWith(cookie, image);
    // The host takes the image out and saves; two hours on, the clean-up keeps the file while a
    // saved version still shows it (a restore brings it back), and removes it once that version is
    // no longer kept (50 saves later; the rows are dropped here).
    const { boxes } = guidebook.current;
    expect((await guidebook.put({ boxes: [{ ...boxes[0]!, imageUrl: '' }] })).status).toBe(200);
    age(image, 2 * HOUR);
    expect(await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') })).toEqual([]);
    run(server, 'DELETE FROM instruction_revisions WHERE instruction_id = ?', guidebook.current._id);
    expect(await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') })).toEqual([uploadKey(image)]);

    // An editor tab still holding the image (an undo) saves it back: refused, not a broken image.
    const restored = await guidebook.put({ boxes: [{ ...boxes[0]!, imageUrl: image }] });
    expect(restored.status).toBe(422);
    expect(await restored.json()).toEqual({ message: messages.upload.gone });
    const stored = await server.request(`/api/instruction/${guidebook.current._id}`, { headers: withCookie(cookie) });
    expect(((await stored.json()) as Instruction).boxes[0]!.imageUrl).toBe('');
    // The same for a profile picture.
    const picture = await server.request('/api/users/profile', { method: 'PATCH', json: { picture: image }, headers: withCookie(cookie) });
    expect(picture.status).toBe(422);
    expect(await picture.json()).toEqual({ message: messages.upload.gone });
    // Saves that mention no new image are not held up by it.
    expect((await guidebook.put({ nameInstruction: 'Mill, renamed' })).status).toBe(200);
  });

  it.runIf(onPostgres)('on PostgreSQL a save naming an image waits for a clean-up of that owner, then sees the file gone', async () => {
    const { user, cookie } = await signedIn();
    const { image } = await uploadOk(cookie, { bytes: files.png, name: 'door.png', type: 'image/png' });
    const guidebook = await guidebookWith(cookie, image);
    const { boxes } = guidebook.current;
    expect((await guidebook.put({ boxes: [{ ...boxes[0]!, imageUrl: '' }] })).status).toBe(200);

    // A clean-up pass of this owner is under way on some server: it holds the owner's lock and has
    // found the image unused. The save that names the image again must wait for its verdict.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let deleting!: () => void;
    const holding = new Promise<void>((resolve) => (deleting = resolve));
    const pass = db.transaction().execute(async (trx) => {
      await lockOwnerUploads(trx, 'postgres', user.id);
      deleting();
      await released;
      await trx.deleteFrom('uploads').where('key', '=', uploadKey(image)).execute();
    });
    await holding;
    let settled = false;
    const save = guidebook.put({ boxes: [{ ...boxes[0]!, imageUrl: image }] }).finally(() => (settled = true));
    // A save naming no new image goes through meanwhile (another guidebook: this one's version is the waiting save's).
    const other = await guidebookWith(cookie, '');
    expect((await other.put({ nameInstruction: 'Mill annex' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    release();
    await pass;
    const answer = await save;
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ message: messages.upload.gone });
  });
});

// Last: it stops the server of this file and boots a new one on the same data.
describe('clean-up at boot', () => {
  it('a restart removes old unreferenced uploads', async () => {
    const { cookie } = await signedIn();
    const { image } = await uploadOk(cookie, { bytes: files.webp, name: 'a.webp', type: 'image/webp' });
    run(server, 'UPDATE uploads SET created_at = ? WHERE key = ?', Date.now() - 3 * 60 * 60_000, image.slice('/media/'.length));
    const dataDir = server.dataDir;
    await server.stop();

    server = await startServer({ DATA_DIR: dataDir });
    try {
      const key = image.slice('/media/'.length);
      await until(() => hasStored(server, 'uploads', key), (stored) => !stored, 'the old upload removed at boot', 50);
      expect((await fetch(server.url + image)).status).toBe(404);
    } finally {
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
