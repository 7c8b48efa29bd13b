import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, login, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ STORAGE_DRIVER: 'memory' });
});

afterAll(async () => {
  await server?.stop();
});

// The boot bundle (clean-up) and the Astro bundle (routes) each carry storage.ts: with the memory
// driver they must still share one store, or an upload would not be served.
it('STORAGE_DRIVER=memory: an upload is served from memory and nothing is written under DATA_DIR/uploads', async () => {
  const user = await createUser(server);
  const cookie = await login(server, user.email, user.password);
  const form = new FormData();
  const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#123456' } }).png().toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  form.append('type', 'rectangle');
  const response = await server.request('/api/upload', { method: 'POST', body: form, headers: withCookie(cookie) });
  expect(response.status).toBe(201);
  const { message, image } = (await response.json()) as { message: string; image: string };
  expect(message).toBe(messages.upload.uploaded);

  const served = await fetch(server.url + image);
  expect(served.status).toBe(200);
  expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
  expect(fs.existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
});
