import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { signedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

// A publish's render runs on the render worker, a thread of its own (docs/performance.md, "Fourth
// round"), so the thread that answers guests does not pay for it. NODE_ENV=test makes guest
// responses say how many publish renders the main thread answered (`x-publish-renders-here`).
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
});

afterAll(async () => {
  await server?.stop();
});

const guest = (pathname: string) => server.request(pathname);

const workerLine = () => server.logs.find((entry) => entry.includes('render worker: listening'));

/** The render worker's address, once it listens (it starts at the server's first publish). */
async function workerUrl(): Promise<string> {
  const line = await until(workerLine, Boolean, 'the render worker listening');
  return `http://127.0.0.1:${(JSON.parse(line!) as { port: number }).port}`;
}

/** Publish renders the main thread answered so far (NODE_ENV=test guest responses say). */
const rendersHere = async () => Number((await guest('/instruction')).headers.get('x-publish-renders-here'));

describe('the render worker', () => {
  it('starts at the first publish, then renders every publish while the main thread answers guests and renders none', async () => {
    // A server nobody edits runs no second runtime.
    expect(await (await guest('/instruction')).text()).toContain('<html');
    expect(workerLine()).toBeUndefined();

    const host = await signedInHost(server, 'free');
    const created = await host.call('/api/instruction', { json: { nameInstruction: 'Quay Flat' } });
    expect(created.status).toBe(201);
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const url = `/instruction/${instruction.token}`;
    expect(await (await guest(url)).text()).toContain('Quay Flat');
    await workerUrl();
    // The first publish may have rendered here, while the worker was starting; none after it.
    await until(async () => (await guest('/instruction')).headers.get('x-snapshot-rebuilds'), (count) => count === '0', 'the first publish stored');
    const before = await rendersHere();

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
      expect(Number(page.rendersHere)).toBe(before);
    }
    // No second mail queue, job or clean-up ran there: on its read-only database each would log an error.
    expect(server.logs.filter((line) => /"level":(50|60)\b/.test(line))).toEqual([]);
  });

  it('answers nothing but its own server\'s render requests', async () => {
    // (after the test above, which started it)
    for (const init of [{}, { headers: { 'x-porchlight-render': 'not-the-secret-of-this-server-0000' } }, { method: 'POST', body: '{}' }]) {
      const response = await fetch(`${await workerUrl()}/instruction`, init);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('');
    }
  });
});
