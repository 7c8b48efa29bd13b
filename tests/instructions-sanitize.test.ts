import fs from 'node:fs';
import { defaultTreeAdapter, parse, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/server/guidebook/sanitize-rich-text.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, query, run, withCookie } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * The sanitiser's output is stored and served as is, and a save keeps stored paragraphs without
 * sanitising them again (clean-instruction-content.ts). Both rest on this: sanitising its own
 * output changes nothing. The HTTP tests (instructions-xss) check that the output is inert.
 */
const corpus = JSON.parse(fs.readFileSync(new URL('./fixtures/xss/dompurify-fixtures.json', import.meta.url), 'utf8')) as Array<{ title?: string; payload: string }>;

describe('sanitizeRichText', () => {
  it('is idempotent on every corpus payload', () => {
    for (const { title, payload } of corpus) {
      const once = sanitizeRichText(payload);
      expect(sanitizeRichText(once), title ?? payload).toBe(once);
    }
  });

  it('is idempotent on nested spans, markers and links', () => {
    const inputs = [
      `<p><span>a<span data-marker="lockbox">b</span>c</span><a href="https://x.example">d</a></p>`,
      `<span data-marker="address"><span data-marker="bogus">x</span></span>${LOCKBOX_MARKER}`,
      `<p>${ADDRESS_MARKER}<span><a href="tel:+1">t</a></span></p>`,
      '<p>&lt;script&gt; &amp; "quotes" \'single\'</p>',
      '\u0000<p>\u2028x</p>',
    ];
    for (const input of inputs) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), input).toBe(once);
    }
    expect(sanitizeRichText(inputs[0]!)).toBe(
      '<p>a<span data-marker="lockbox">b</span>c<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">d</a></p>',
    );
  });

  it('keeps an empty text empty', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('<script>x</script>')).toBe('');
  });
});

const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`;

describe('sanitizeRichText stores what a browser builds', () => {
  it('turns nested links into the sibling links a browser makes of them, and keeps those', () => {
    const once = sanitizeRichText('<a href="https://a.example/"><b>A<a href="https://b.example/">B</a>');
    expect(once).toBe(link('https://a.example/', 'A') + link('https://b.example/', 'B'));
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('closes a paragraph where a browser closes it', () => {
    expect(sanitizeRichText('<p><strong>a<p>b</strong>c')).toBe('<p><strong>a</strong></p><p><strong>b</strong></p>c<p></p>');
  });
});

describe('sanitizeRichText on deeply nested tags', () => {
  it('keeps the text of tags nested past its depth limit, quickly and stably', () => {
    for (const open of ['<s>', '<ul><li>', '<span>', '<strong><li>']) {
      const input = `${open.repeat(Math.floor(10_000 / open.length))}deep`;
      const started = process.cpuUsage();
      const once = sanitizeRichText(input);
      // Without the limit the parsers' cost grows with the square of the depth, and the writer's
      // stack with it. Not a speed test: only that blow-up fails this bound, counted in CPU time,
      // which a machine busy with other jobs does not stretch as it stretches the clock.
      const { user, system } = process.cpuUsage(started);
      expect((user + system) / 1000, open).toBeLessThan(5_000);
      expect(once, open).toMatch(/deep/);
      expect(sanitizeRichText(once), open).toBe(once);
    }
  });
});

describe('sanitizeRichText keeps list items in a list', () => {
  it.each([
    ['a bare list item', '<li>Fake</li>', '<ul><li>Fake</li></ul>'],
    ['list items after a paragraph', '<p>a</p><li>x</li><li>y', '<p>a</p><ul><li>x</li><li>y</li></ul>'],
    ['a list item in bold', '<strong><li>x</li></strong>', '<strong><ul><li>x</li></ul></strong>'],
    ['a list item in a plain span', '<span><li>x</li></span>', '<ul><li>x</li></ul>'],
    ['a list item after a list', '<ol><li>a</li></ol><li>b</li>', '<ol><li>a</li></ol><ul><li>b</li></ul>'],
    ['closing tags of the page around it', '</li></ol></div><p>x</p>', '<p>x</p>'],
  ])('wraps %s', (_label, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
    expect(sanitizeRichText(expected)).toBe(expected);
  });
});

/** The guest page's check-in steps, read as a browser reads them (parse5 follows the HTML5 spec). */
function guestSteps(html: string): { inList: number; anywhere: number; texts: string[] } {
  const all: DefaultTreeAdapterTypes.Element[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!defaultTreeAdapter.isElementNode(child)) continue;
      all.push(child);
      walk(child);
    }
  };
  walk(parse(html));
  const classes = (element: DefaultTreeAdapterTypes.Element) => (element.attrs.find((a) => a.name === 'class')?.value ?? '').split(/\s+/);
  const text = (node: DefaultTreeAdapterTypes.ParentNode): string =>
    node.childNodes.map((child) => (defaultTreeAdapter.isTextNode(child) ? child.value : 'childNodes' in child ? text(child) : '')).join('');
  const list = all.find((element) => element.tagName === 'ol' && classes(element).includes('steps'));
  const steps = all.filter((element) => classes(element).includes('step'));
  return { inList: list ? list.childNodes.filter(defaultTreeAdapter.isElementNode).length : 0, anywhere: steps.length, texts: steps.map(text) };
}

describe('a step text with list items on the guest page', () => {
  let server: TestServer;
  let call: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

  beforeAll(async () => {
    server = await startServer();
    const user = await createUser(server);
    const cookie = await login(server, user.email, user.password);
    call = (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function create(paragraphs: string[]): Promise<Instruction> {
    const boxes = paragraphs.map((paragraph, i) => ({ id: i + 1, title: `Step ${i + 1}`, paragraph, imageUrl: '' }));
    const response = await call('/api/instruction', { json: { nameInstruction: 'List items', boxes } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { instruction: Instruction }).instruction;
  }

  it('a saved <li> stays inside its step', async () => {
    const made = await create(['<p>One</p><li>Fake</li><p>still one</p>', '</li></ol><li>Forged</li>', '<p>Three</p>']);
    const steps = guestSteps(await (await server.request(`/instruction/${made.token}`)).text());
    expect(steps).toMatchObject({ inList: 3, anywhere: 3 });
    expect(steps.texts[0]).toContain('Fakestill one');
    expect(steps.texts[1]).toContain('Forged');
  });

  it('an <li> stored before the fix stays inside its step too', async () => {
    const made = await create(['<p>One</p>', '<p>Two</p>']);
    // As an older sanitiser stored it: a row written straight into the table whose page was never
    // rendered. A copy under its own token, so the publish of the API's write cannot race it.
    const [row] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', made._id);
    const data = JSON.parse(row!.data) as { boxes: Array<{ paragraph: string }> };
    data.boxes[0]!.paragraph = '<p>One</p><li>Fake</li></li></ol><p>still one</p>';
    const token = `${made.token}old`;
    run(
      server,
      `INSERT INTO instructions (id, user_id, team_id, token, is_free, version, data, created_at, updated_at, deleted_at)
       SELECT ?, user_id, team_id, ?, is_free, version, ?, created_at, updated_at, deleted_at FROM instructions WHERE id = ?`,
      `${made._id}-old`,
      token,
      JSON.stringify(data),
      made._id,
    );
    const steps = guestSteps(await (await server.request(`/instruction/${token}`)).text());
    expect(steps).toMatchObject({ inList: 2, anywhere: 2 });
    expect(steps.texts[0]).toContain('Fakestill one');
  });
});
