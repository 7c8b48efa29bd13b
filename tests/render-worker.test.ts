import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { signedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

// A publish's render runs on the render worker, a thread of its own (docs/performance.md, "Fourth
// round"), so the thread that answers guests does not pay for it. NODE_ENV=test makes guest
// responses say how many publish renders the main thread answered (`x-publish-renders-here`).
let server: TestServer;
let workerUrl: string;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  const line = await until(() => server.logs.find((entry) => entry.includes('render worker: listening')), Boolean, 'the render worker listening');
  workerUrl = `http://127.0.0.1:${(JSON.parse(line!) as { port: number }).port}`;
});

afterAll(async () => {
  await server?.stop();
});

const guest = (pathname: string) => server.request(pathname);

describe('the render worker', () => {
  it('renders a host\'s publishes while the main thread answers guests and renders none of them', async () => {
    const host = await signedInHost(server, 'free');
    const created = await host.call('/api/instruction', { json: { nameInstruction: 'Quay Flat' } });
    expect(created.status).toBe(201);
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const url = `/instruction/${instruction.token}`;
    expect(await (await guest(url)).text()).toContain('Quay Flat');

    for (const [index, name] of ['Quay Flat, top floor', 'Quay Flat, with a view'].entries()) {
      const saved = await host.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, version: instruction.version + index, nameInstruction: name } });
      expect(saved.status).toBe(200);
      const page = await until(
        async () => {
          const response = await guest(url);
          return { text: await response.text(), snapshot: response.headers.get('x-snapshot'), rendersHere: response.headers.get('x-publish-renders-here') };
        },
        ({ text }) => text.includes(name),
        `the guest page showing "${name}"`,
      );
      // The new page comes from its stored snapshot, rendered elsewhere: this thread rendered no publish.
      expect(page.snapshot).toBe('hit');
      expect(page.rendersHere).toBe('0');
    }
  });

  it('answers nothing but its own server\'s render requests', async () => {
    for (const init of [{}, { headers: { 'x-porchlight-render': 'not-the-secret-of-this-server-0000' } }, { method: 'POST', body: '{}' }]) {
      const response = await fetch(`${workerUrl}/instruction`, init);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('');
    }
  });
});
