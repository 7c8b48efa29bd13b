import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MARKER, LOCKBOX_MARKER, MAX_BOXES, patternOfKey, translatableFieldPaths, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Settings } from '../src/lib/shared/schemas/settings.ts';
import { sourceHash, translatableFields } from '../src/lib/shared/translations.ts';
import { createUser, login, setUserPlan, withCookie } from './helpers/auth.ts';
import { HOSTILE_URLS } from './helpers/hostile-urls.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * docs/security.md 16: rich text is sanitised on the server with an allowlist, and URL fields keep
 * only http(s)/mailto/tel; the contact fields store only the links src/lib/shared/contact-links.ts
 * makes (https on the services' own hosts, Viber also viber:). The DOMPurify corpus goes through every rich-text
 * field over HTTP and must come back inert; hostile links through every URL field are refused.
 */
const corpus = JSON.parse(fs.readFileSync(new URL('./fixtures/xss/dompurify-fixtures.json', import.meta.url), 'utf8')) as Array<{ title?: string; payload: string }>;

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'span']);
const ATTRIBUTE = /([^\s=/]+)="([^"]*)"/g;

/**
 * What makes an output inert: every tag is on the allowlist, every attribute is one the allowlist
 * permits with a permitted value, and nothing else sits inside a tag. Text is escaped by the
 * sanitiser, so every literal `<` starts a tag.
 */
function allowlistViolations(html: string): string[] {
  const found: string[] = [];
  for (const [, rawName, rest] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const name = rawName!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
    for (const [, attribute, value] of rest!.matchAll(ATTRIBUTE)) {
      const ok =
        (name === 'a' && attribute === 'href' && /^(https?:\/\/|mailto:|tel:)/i.test(value!)) ||
        (name === 'a' && attribute === 'rel' && value === 'noopener noreferrer nofollow') ||
        (name === 'a' && attribute === 'target' && value === '_blank') ||
        (name === 'span' && attribute === 'data-marker' && (value === 'lockbox' || value === 'address'));
      if (!ok) found.push(`attribute ${attribute}="${value}" on <${name}>`);
    }
    const leftover = rest!.replace(ATTRIBUTE, '').replace(/\/$/, '').trim();
    if (leftover) found.push(`unparsed "${leftover}" in <${name}>`);
  }
  if (/<(script|style|iframe|object|embed|svg|math|form|img|base|meta|link)\b/i.test(html)) found.push('dangerous tag');
  return found;
}

let server: TestServer;
let call: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
let instruction: Instruction;
/** A second guidebook that receives stored HTML, to show it is final. */
let mirror: Instruction;

beforeAll(async () => {
  // NODE_ENV=test: guest answers say how many publishes are being rebuilt (x-snapshot-rebuilds).
  server = await startServer({ NODE_ENV: 'test' });
  const user = await createUser(server);
  setUserPlan(server, user.id, 'gold');
  const cookie = await login(server, user.email, user.password);
  call = (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
  const response = await call('/api/instruction', { method: 'POST' });
  instruction = ((await response.json()) as { instruction: Instruction }).instruction;
  mirror = ((await (await call('/api/instruction', { method: 'POST' })).json()) as { instruction: Instruction }).instruction;
});

afterAll(async () => {
  await server?.stop();
});

/** Saves `change` over the current instruction and returns what the server answered. */
async function save(change: Partial<Instruction>): Promise<Instruction> {
  const response = await call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, ...change } });
  expect(response.status, await response.clone().text()).toBe(200);
  instruction = ((await response.json()) as { instruction: Instruction }).instruction;
  return instruction;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
}

describe(`the XSS corpus (${corpus.length} payloads) through every rich-text field`, () => {
  it('check-in step and additional info paragraphs come back inert, and stay so when saved again', async () => {
    for (const batch of chunks(corpus, MAX_BOXES)) {
      const saved = await save({
        boxes: batch.map((item, i) => ({ id: i + 1, title: item.payload.slice(0, 200), paragraph: item.payload, imageUrl: '' })),
        manualBoxes: batch.map((item, i) => ({ id: i + 1, paragraph: item.payload, imageUrl: '' })),
      });
      const fetched = (await (await call(`/api/instruction/${instruction._id}`)).json()) as Instruction;
      const guest = (await (await server.request(`/api/instruction/preview/${instruction.token}`)).json()) as Instruction;
      for (const [i, item] of batch.entries()) {
        for (const html of [saved.boxes[i]!.paragraph, saved.manualBoxes[i]!.paragraph, fetched.boxes[i]!.paragraph, guest.manualBoxes[i]!.paragraph]) {
          expect(allowlistViolations(html), `${item.title ?? ''}\n${item.payload}\n→ ${html}`).toEqual([]);
        }
      }
      // Stored HTML is final: another guidebook given it keeps it byte for byte.
      const mirrored = await call(`/api/instruction/${mirror._id}`, { method: 'PUT', json: { ...mirror, boxes: saved.boxes, manualBoxes: saved.manualBoxes } });
      mirror = ((await mirrored.json()) as { instruction: Instruction }).instruction;
      expect(mirror.boxes).toEqual(saved.boxes);
      expect(mirror.manualBoxes).toEqual(saved.manualBoxes);
      mirror = ((await (await call(`/api/instruction/${mirror._id}`, { method: 'PUT', json: { ...mirror, boxes: [], manualBoxes: [] } })).json()) as { instruction: Instruction }).instruction;
    }
  }, 120_000);

  it('the welcome message comes back inert', async () => {
    await save({ boxes: [], manualBoxes: [] });
    for (const item of corpus) {
      const saved = await save({ textGreating: item.payload });
      expect(allowlistViolations(saved.textGreating), `${item.title ?? ''}\n${item.payload}\n→ ${saved.textGreating}`).toEqual([]);
    }
  }, 120_000);

  it('the auto-fill welcome message comes back inert, and so do guidebooks made from it', async () => {
    for (const item of corpus) {
      const response = await call('/api/settings', { method: 'PUT', json: { textGreating: item.payload } });
      expect(response.status).toBe(200);
      const { settings } = (await response.json()) as { settings: Settings };
      expect(allowlistViolations(settings.textGreating), `${item.title ?? ''}\n${item.payload}\n→ ${settings.textGreating}`).toEqual([]);
      // Sent back, the stored HTML comes back unchanged (no drift from save to save).
      const again = await call('/api/settings', { method: 'PUT', json: { textGreating: settings.textGreating } });
      expect(((await again.json()) as { settings: Settings }).settings.textGreating).toBe(settings.textGreating);
    }
    const applied = await call('/api/settings/updateExistingInstructions', {
      method: 'PUT',
      json: { dataSettings: { textGreating: corpus[0]!.payload }, applyToExistingInstruction: { greeting: true } },
    });
    expect(applied.status).toBe(200);
    const fetched = (await (await call(`/api/instruction/${instruction._id}`)).json()) as Instruction;
    expect(allowlistViolations(fetched.textGreating)).toEqual([]);
    instruction = fetched;
  }, 120_000);
});

/** Tags that run or load something, and must never come from a guidebook's text. */
const ACTIVE_TAGS = /^(script|style|iframe|frame|frameset|object|embed|applet|svg|math|form|img|image|video|audio|source|base|meta|link|template|noscript)$/;
const PAGE_TAG = /<([a-zA-Z][\w:-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const PAGE_ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * What could run on a whole guest page: each active tag (counted by name, the page's own script,
 * styles and meta included), every event-handler attribute, every script URL in an attribute.
 * Text is escaped by the page, so every literal `<` starts a tag.
 */
function pageExecutables(html: string): { tags: Record<string, number>; handlers: string[]; scriptUrls: string[] } {
  const tags: Record<string, number> = {};
  const handlers: string[] = [];
  const scriptUrls: string[] = [];
  for (const [, rawName, rest] of html.matchAll(PAGE_TAG)) {
    const name = rawName!.toLowerCase();
    if (ACTIVE_TAGS.test(name)) tags[name] = (tags[name] ?? 0) + 1;
    for (const [, attribute, quoted = ''] of rest!.matchAll(PAGE_ATTRIBUTE)) {
      const value = quoted.replace(/^["']|["']$/g, '').replace(/&#(x?)([\da-f]+);?/gi, (_, hex: string, code: string) => String.fromCodePoint(parseInt(code, hex ? 16 : 10)));
      if (/^on/i.test(attribute!)) handlers.push(`${attribute}= on <${name}>`);
      if (/^\s*(javascript|vbscript|data):/i.test(value) && !/^data:image\//i.test(value)) scriptUrls.push(`${attribute}="${value}" on <${name}>`);
    }
  }
  return { tags, handlers, scriptUrls };
}

describe(`the XSS corpus (${corpus.length} payloads) through every translated field (docs/decisions/021)`, () => {
  /** Every translatable field filled, so the German translation has each field's key to go under. */
  const FILLED = {
    nameInstruction: 'Harbour Loft',
    address: 'Obala 1, Split',
    hostName: 'Ana',
    brandingTitle: 'Ana’s flats',
    checkoutSteps: ['Strip the beds'],
    places: [{ id: 301, name: 'Bakery', category: 'eat', note: '<p>Burek</p>', address: 'Riva 2' }],
    extras: [{ id: 401, kind: 'item', title: 'Breakfast basket', description: '<p>Bread and jam</p>', price: 1500 }],
  };

  it('each payload as the German text of every field: stored as the main text is, and the German page carries nothing that runs', async () => {
    const created = await call('/api/instruction', { json: FILLED });
    expect(created.status).toBe(201);
    let book = ((await created.json()) as { instruction: Instruction }).instruction;
    const germanPage = async () => {
      await rebuildsSettled();
      const page = await server.request(`/instruction/${book.token}/de`);
      expect(page.status).toBe(200);
      return page.text();
    };
    /** One PUT: the rich main texts are `payload` too (the result to compare with), each field's German text is `payload`. */
    const put = async (payload: string): Promise<Instruction> => {
      const main = { ...book, boxes: [{ id: 101, title: 'Door', paragraph: payload, imageUrl: '' }], manualBoxes: [{ id: 201, paragraph: payload, imageUrl: '' }], textGreating: payload };
      main.places = [{ ...book.places[0]!, note: payload }];
      main.extras = [{ ...book.extras[0]!, description: payload }];
      const de = Object.fromEntries(
        translatableFields(main).map((field) => [
          field.key,
          { text: field.kind === 'richText' ? payload : payload.slice(0, 200), source: sourceHash(field.text) },
        ]),
      );
      const response = await call(`/api/instruction/${book._id}`, { method: 'PUT', json: { ...main, translations: { de } } });
      expect(response.status, `${payload}\n→ ${await response.clone().text()}`).toBe(200);
      return ((await response.json()) as { instruction: Instruction }).instruction;
    };

    // The guidebook has every translatable field of the schema, and a harmless German page to measure against.
    book = await put('<p>Hello</p>');
    expect(new Set(translatableFields(book).map((field) => patternOfKey(field.key)))).toEqual(new Set(translatableFieldPaths()));
    expect(Object.keys(book.translations.de!)).toEqual(translatableFields(book).map((field) => field.key));
    const baselinePage = await germanPage();
    // The German texts are on it: the plain ones as text.
    expect(baselinePage).toContain('<h1>&lt;p&gt;Hello&lt;/p&gt;</h1>');
    const baseline = pageExecutables(baselinePage);
    expect(baseline.handlers).toEqual([]);
    expect(baseline.scriptUrls).toEqual([]);

    for (const item of corpus) {
      const label = `${item.title ?? ''}\n${item.payload}`;
      book = await put(item.payload);
      const german = book.translations.de ?? {};
      for (const field of translatableFields(book)) {
        if (field.kind !== 'richText') continue;
        // Sanitised exactly as the same input in the main language, and inert.
        expect(german[field.key]?.text, `${field.key}: ${label}`).toBe(field.text);
        expect(allowlistViolations(field.text), `${field.key}: ${label}`).toEqual([]);
      }
      const found = pageExecutables(await germanPage());
      expect(found.handlers, label).toEqual([]);
      expect(found.scriptUrls, label).toEqual([]);
      for (const [name, count] of Object.entries(found.tags)) expect(count, `<${name}> on the page: ${label}`).toBeLessThanOrEqual(baseline.tags[name] ?? 0);
    }
  }, 240_000);
});

/** Waits until no publish is being rebuilt (guest answers say how many are, NODE_ENV=test). */
async function rebuildsSettled(): Promise<void> {
  await until(async () => (await server.request('/instruction')).headers.get('x-snapshot-rebuilds'), (count) => count === '0', 'the snapshot rebuilds finished');
}

describe('the allowlist keeps what the editor makes', () => {
  it('keeps formatting, lists, safe links and the two markers exactly', async () => {
    const html =
      `<p>Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s><br>next</p>` +
      `<ul><li>one</li></ul><ol><li>two</li></ol>` +
      `<p><a href="https://example.com/a?b=1&amp;c=2">web</a> <a href="mailto:host@example.com">mail</a> <a href="tel:+385915550101">call</a></p>` +
      `<p>Code ${LOCKBOX_MARKER} at ${ADDRESS_MARKER}</p>`;
    const saved = await save({ boxes: [{ id: 7, title: 'Formatting', paragraph: html, imageUrl: '' }] });
    const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`;
    expect(saved.boxes[0]!.paragraph).toBe(
      `<p>Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s><br />next</p>` +
        `<ul><li>one</li></ul><ol><li>two</li></ol>` +
        `<p>${link('https://example.com/a?b=1&amp;c=2', 'web')} ${link('mailto:host@example.com', 'mail')} ${link('tel:+385915550101', 'call')}</p>` +
        `<p>Code ${LOCKBOX_MARKER} at ${ADDRESS_MARKER}</p>`,
    );
  });

  it.each([
    ['a script', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['an event handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['a relative link', '<a href="/api/users/logout">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['a link’s own target and rel', '<a href="https://x.example" target="_self" rel="opener">x</a>', '<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['a span that is no marker', '<p><span data-marker="evil" style="color:red">t</span><span>u</span></p>', '<p>tu</p>'],
    ['a marker with extra attributes', '<span data-marker="lockbox" onmouseover="alert(1)" class="x"></span>', LOCKBOX_MARKER],
    ['an image', '<p><img src="x" onerror="alert(1)">a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['a style block', '<style>p{}</style><p>a</p>', '<p>a</p>'],
    ['headings and divs', '<h1>T</h1><div>d</div>', 'Td'],
  ])('removes %s', async (_label, input, expected) => {
    const saved = await save({ textGreating: input });
    expect(saved.textGreating).toBe(expected);
  });
});

const URL_FIELDS = ['addressUrl', 'whatsapp', 'viber', 'telegram', 'facebook', 'instagram', 'taxiLink', 'rentCarLink', 'foodLink', 'parkingLink'] as const;
const MEDIA_FIELDS = ['photoGreating', 'boxes.imageUrl', 'manualBoxes.imageUrl'] as const;

describe('URL fields', () => {
  it.each(URL_FIELDS)('%s refuses every hostile link with 400 and stores nothing', async (field) => {
    const version = instruction.version;
    for (const url of HOSTILE_URLS) {
      const response = await call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, [field]: url } });
      expect(response.status, `${field} = ${JSON.stringify(url)}`).toBe(400);
      // The settings page takes the same links (all but the per-property map and parking links).
      if (field !== 'addressUrl' && field !== 'parkingLink') {
        const settings = await call('/api/settings', { method: 'PUT', json: { [field]: url } });
        expect(settings.status, `settings ${field} = ${JSON.stringify(url)}`).toBe(400);
      }
    }
    const current = (await (await call(`/api/instruction/${instruction._id}`)).json()) as Instruction;
    expect(current.version).toBe(version);
  });

  it('accepts http(s), mailto and tel links, viber: for Viber, and reads a bare host as https', async () => {
    const saved = await save({
      addressUrl: 'https://maps.app.goo.gl/abc',
      whatsapp: 'https://wa.me/385915550101',
      viber: 'viber://chat?number=%2B385915550101',
      telegram: 'https://t.me/host',
      facebook: 'www.facebook.com/host',
      instagram: 'http://instagram.com/host',
      taxiLink: 'tel:+385915550101',
      rentCarLink: 'mailto:cars@example.com?subject=Booking',
      foodLink: '',
    });
    expect(saved).toMatchObject({ viber: 'viber://chat?number=%2B385915550101', facebook: 'https://www.facebook.com/host', taxiLink: 'tel:+385915550101', foodLink: '' });
    const wrongPlace = await call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, telegram: 'viber://chat?number=1' } });
    expect(wrongPlace.status).toBe(400);
    const mapAsPhone = await call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, addressUrl: 'tel:+1' } });
    expect(mapAsPhone.status).toBe(400);
  });

  it.each(MEDIA_FIELDS)('%s takes only an uploaded /media/ path', async (field) => {
    for (const value of ['https://evil.example/x.png', 'javascript:alert(1)', '/media/../../etc/passwd', '/api/users/me', '/media/x.png"onerror="alert(1)', 'data:image/png;base64,AAAA']) {
      const change =
        field === 'photoGreating'
          ? { photoGreating: value }
          : field === 'boxes.imageUrl'
            ? { boxes: [{ id: 1, title: '', paragraph: '', imageUrl: value }] }
            : { manualBoxes: [{ id: 1, paragraph: '', imageUrl: value }] };
      const response = await call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, ...change } });
      expect(response.status, `${field} = ${value}`).toBe(400);
    }
    const ok = await save({ photoGreating: '/media/avatars/ana-1.webp', boxes: [{ id: 1, title: '', paragraph: '', imageUrl: '/media/steps/door.webp' }] });
    expect(ok.photoGreating).toBe('/media/avatars/ana-1.webp');
  });
});
