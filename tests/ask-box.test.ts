import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * "Ask the guidebook", the box in the guest page's HTML (docs/decisions/031 §14,
 * docs/product/assistant.md "The box"): under the header of the public and the stay page, in the
 * page's language, its island hydrated on the first touch only (no script of its own in the page),
 * the stay's token on a stay link, never on the editor's preview, and within its byte budget.
 * The box's behaviour in a browser is e2e/ask.spec.ts.
 */
let server: TestServer;
let host: SignedInHost;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  host = await signedInHost(server, 'free');
});

afterAll(async () => {
  await server?.stop();
});

async function createGuidebook(content: Record<string, unknown>): Promise<Instruction> {
  const created = await host.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', ...content } });
  expect(created.status).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

/** The box as the page holds it: its wrapper, with the island and its server-rendered form. */
function askBox(html: string): string | undefined {
  return /<div class="wrap ask-wrap js-only"[^>]*>[\s\S]*?<\/astro-island>\s*<\/div>/.exec(html)?.[0];
}

const brotli = (text: string) => zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe('the ask box on the guest page', () => {
  it('is under the header of the public page, in English, hydrated on the first touch only', async () => {
    const page = await server.request('/instruction');
    const html = await page.text();
    const box = askBox(html);
    expect(box).toBeDefined();
    // After the header's tiles, before the first section.
    expect(html.indexOf('class="wrap quick"')).toBeLessThan(html.indexOf(box!));
    expect(html.indexOf(box!)).toBeLessThan(html.indexOf('<main'));
    expect(box).toContain('client="interact"');
    expect(box).toContain('role="search"');
    expect(box).toContain('<label for="ask-question">Ask this guidebook</label>');
    expect(box).toMatch(/<input id="ask-question" type="search" maxLength="300" enterKeyHint="search" autoComplete="off" name="question"/i);
    expect(box).toContain('aria-live="polite"');
    expect(box).toContain('Ask your host');
    // No script or preload of the island's module before the touch: only the island's attribute names it.
    expect(html).not.toMatch(/<script[^>]*AskBox|<link[^>]*modulepreload/);
    expect(html).toContain('No cookies, nothing about you: your host only sees how often this guidebook is opened, which parts are read, and the questions asked here, without who asked.');
  });

  it('costs at most 0.5 KB of the page in brotli', async () => {
    const html = await (await server.request('/instruction')).text();
    const box = askBox(html)!;
    // The islands' runtime comes with the page's first island, which the box now is: it stays.
    const runtime = box.slice(box.indexOf('>') + 1, box.indexOf('<astro-island'));
    const added = brotli(html) - brotli(html.replace(box, runtime));
    expect(added).toBeLessThanOrEqual(512);
  });

  it('speaks the page’s language', async () => {
    const guidebook = await createGuidebook({ language: 'de' });
    const html = await (await server.request(`/instruction/${guidebook.token}`)).text();
    const box = askBox(html);
    expect(box).toContain('<label for="ask-question">Diese Gästemappe fragen</label>');
    expect(box).toContain('Gastgeber fragen');
    expect(html).toContain('und die hier gestellten Fragen, ohne zu erfahren, wer sie gestellt hat.');
  });

  it('asks with the stay’s token on a stay link, and is not on the editor’s preview', async () => {
    const guidebook = await createGuidebook({});
    const added = await host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Lou', checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00', allowOverlap: true } });
    expect(added.status).toBe(201);
    const { stay } = (await added.json()) as { stay: Stay };
    const html = await (await server.request(`/stay/${stay.token}`)).text();
    expect(askBox(html)).toContain(`token&quot;:[0,&quot;${stay.token}&quot;]`);
    const preview = await host.call(`/dashboard/preview/${guidebook._id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ draft: JSON.stringify(guidebook) }) });
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain('Harbour Loft');
    expect(askBox(previewed)).toBeUndefined();
    expect(previewed).not.toContain('AskBox');
  });
});
