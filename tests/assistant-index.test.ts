import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from '../src/lib/shared/demo.ts';
import { INSTRUCTION_DEFAULTS, type InstructionContent } from '../src/lib/shared/schemas/instruction.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-standin.ts';
import { signedInHost } from './helpers/auth.ts';
import { startServer, testStorage } from './helpers/server.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';

/**
 * "Ask the guidebook"'s index (docs/decisions/031 §4, "As built"): built on a page variant's first
 * question from the database, kept in memory and beside the page in the snapshot store, removed
 * with the page's snapshots. The server's own modules run here on a database and a store of their
 * own (SQLite and fs, or PostgreSQL and the S3 stand-in under `npm run test:pg`): there is no route
 * yet, and `indexForPage` is what it will call. The loaded indexes are bounded at 1 MB here.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-ask-'));
process.env['DATA_DIR'] = dataDir;
process.env['ASSISTANT_INDEX_MEMORY_MB'] = '1';
if (onPostgres) process.env['DATABASE_URL'] = await createTestDatabase();
let standIn: S3StandIn | undefined;
if (testStorage === 's3') Object.assign(process.env, (standIn = await startS3StandIn()).env());

const { assembleRuntime, getRuntime } = await import('../src/lib/server/platform/runtime.ts');
const { domainServices } = await import('../src/lib/server/start/domain-services.ts');
const { afterGuidebookWrite } = await import('../src/lib/server/guidebook/guidebook-writes.ts');
const { indexForPage } = await import('../src/lib/server/guest-pages/serve/page-index.ts');
const { bumpTokenEpoch } = await import('../src/lib/server/guest-pages/store/write-epoch.ts');
const { askItemKey, dropAllLoadedIndexes, indexMemoryBytes, limitIndexMemory, loadedIndex } = await import('../src/lib/server/assistant/index-store.ts');
const { INDEX_FORMAT } = await import('../src/lib/server/assistant/build-index.ts');
const { guidebookPassages } = await import('../src/lib/server/assistant/passages.ts');
const { parseStoredContent } = await import('../src/lib/server/guidebook/instruction-row.ts');

type Runtime = Awaited<ReturnType<typeof getRuntime>>;
let runtime: Runtime;

beforeAll(async () => {
  assembleRuntime(domainServices);
  runtime = await getRuntime();
  limitIndexMemory(runtime.config.assistantIndexMemoryBytes!);
});

afterAll(async () => {
  await runtime?.close();
  await standIn?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stored = (pageId: string) => runtime.storage.snapshots.hasItem(askItemKey(pageId));

let made = 0;

/** A guidebook of the demo's team with `content`, its write's aftermath run as a save runs it. */
async function guidebook(content: Partial<InstructionContent>): Promise<{ id: string; token: string }> {
  const demo = await runtime.db.selectFrom('instructions').selectAll().where('token', '=', DEMO_TOKEN).executeTakeFirstOrThrow();
  made += 1;
  // `seq` is the database's own (an identity column on PostgreSQL).
  const { seq: _, ...copied } = demo as typeof demo & { seq?: unknown };
  const row = { ...copied, id: `ask-guidebook-${made}`, token: `ask-token-${made}`, version: 1, data: JSON.stringify({ ...INSTRUCTION_DEFAULTS, ...content }) };
  await runtime.db.insertInto('instructions').values(row).execute();
  await afterGuidebookWrite({ id: row.id, token: row.token });
  return { id: row.id, token: row.token };
}

/** A save of `content` as the editor's save commits it, then its aftermath. */
async function save(guide: { id: string; token: string }, content: Partial<InstructionContent>): Promise<void> {
  const row = await runtime.db.selectFrom('instructions').select(['data', 'version']).where('id', '=', guide.id).executeTakeFirstOrThrow();
  await runtime.db.updateTable('instructions').set({ data: JSON.stringify({ ...JSON.parse(row.data), ...content }), version: row.version + 1 }).where('id', '=', guide.id).execute();
  await afterGuidebookWrite(guide);
}

const GERMAN: Partial<InstructionContent> = {
  language: 'de',
  secretsPolicy: 'always',
  code: '4711',
  wifiName: 'Seeblick',
  wifiPassword: 'Sunny$Day2024',
  boxes: [
    { id: 1, title: 'Schlüsselbox', paragraph: '<p>Die Schlüsselbox hängt rechts neben der Haustür.</p>', imageUrl: '' },
    { id: 2, title: 'Parken', paragraph: '<p>Parkplatz Nummer 7 im Hof gehört zur Wohnung.</p>', imageUrl: '' },
  ],
  places: [{ id: 3, name: 'Apotheke am Markt', category: 'health', note: '<p>Bis 20 Uhr geöffnet.</p>', mapUrl: '', lat: null, lng: null, address: 'Marktplatz 2', website: '', phone: '', imageUrl: '', pick: false }],
  checkoutSteps: ['Müll in die Tonnen im Hof bringen'],
};

describe('build, store, load', () => {
  it('builds on the first question, stores it beside the page and loads the same index from the store', async () => {
    const key = { token: DEMO_TOKEN, variant: null };
    expect(await stored(DEMO_TOKEN)).toBe(false);
    const built = (await indexForPage(key))!;
    expect(built.header).toMatchObject({ token: DEMO_TOKEN, language: 'en', format: INDEX_FORMAT });
    // Stored after the answer, in the background.
    await expect.poll(() => stored(DEMO_TOKEN)).toBe(true);
    expect(loadedIndex(DEMO_TOKEN)).toBe(built);
    const questions = ['where is the key', 'wifi', 'parking', 'check out time', 'restaurant'];
    const before = questions.map((question) => built.search.search(question));
    dropAllLoadedIndexes();
    const loaded = (await indexForPage(key))!;
    expect(loaded).not.toBe(built);
    // From the store, not built again: the same header, the same answers.
    expect(loaded.header).toEqual(built.header);
    expect(questions.map((question) => loaded.search.search(question))).toEqual(before);
    expect(before[0]!.length).toBeGreaterThan(0);
  });

  it('pins the serialized format to the installed MiniSearch', () => {
    const installed = JSON.parse(fs.readFileSync('node_modules/minisearch/package.json', 'utf8')) as { version: string };
    expect(INDEX_FORMAT).toBe(`minisearch@${installed.version}`);
  });

  it('answers null for a token no guidebook has', async () => {
    expect(await indexForPage({ token: 'no-such-token', variant: null })).toBeNull();
  });
});

describe('searching a German page', () => {
  it('finds the Wi-Fi section for "WLAN Passwort?" and never the password', async () => {
    const guide = await guidebook(GERMAN);
    const index = (await indexForPage({ token: guide.token, variant: null }))!;
    await expect.poll(() => stored(guide.token)).toBe(true);
    const results = index.search.search('WLAN Passwort?');
    expect(results[0]).toMatchObject({ section: 'wifi', anchor: 'wifi', text: 'Netzwerk: Seeblick\nPasswort: das WLAN-Passwort (siehe WLAN)' });
    for (const question of ['WLAN Passwort?', 'Sunny$Day2024', 'sunny', 'Türcode', '4711', 'code']) {
      const found = JSON.stringify(index.search.search(question));
      expect(found).not.toMatch(/Sunny\$Day2024|4711/i);
    }
    // Nor anywhere in what is stored: the header, the terms, the stored fields.
    const item = Buffer.from((await runtime.storage.snapshots.getItemRaw(askItemKey(guide.token))) as Uint8Array);
    const size = item.readUInt32BE(0);
    const whole = item.subarray(0, 4 + size).toString('utf8') + zlib.brotliDecompressSync(item.subarray(4 + size)).toString('utf8');
    expect(whole).toContain('seeblick');
    expect(whole.toLowerCase()).not.toMatch(/sunny|day2024|4711/);
  });

  it('matches prefixes, typos and words typed without diacritics', async () => {
    const guide = await guidebook(GERMAN);
    const { search } = (await indexForPage({ token: guide.token, variant: null }))!;
    expect(search.search('Schlussel')[0]).toMatchObject({ section: 'check-in' });
    expect(search.search('Parkplaz')[0]).toMatchObject({ anchor: 'ci-2' });
    expect(search.search('Apoth')[0]).toMatchObject({ anchor: 'pl-3' });
    expect(search.search('Parkplatz')[0]).toMatchObject({ anchor: 'ci-2' });
    expect(search.search('mull')[0]).toMatchObject({ anchor: 'co-0' });
  });
});

describe('the stored header', () => {
  it('drops a stored index of another format and builds it again', async () => {
    const guide = await guidebook(GERMAN);
    const first = (await indexForPage({ token: guide.token, variant: null }))!;
    await expect.poll(() => stored(guide.token)).toBe(true);
    const raw = Buffer.from((await runtime.storage.snapshots.getItemRaw(askItemKey(guide.token))) as Uint8Array);
    const size = raw.readUInt32BE(0);
    const header = JSON.parse(raw.subarray(4, 4 + size).toString('utf8')) as { format: string };
    const stale = Buffer.from(JSON.stringify({ ...header, format: 'minisearch@6.0.0' }));
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32BE(stale.length, 0);
    await runtime.storage.snapshots.setItemRaw(askItemKey(guide.token), Buffer.concat([prefix, stale, raw.subarray(4 + size)]));
    dropAllLoadedIndexes();
    const again = (await indexForPage({ token: guide.token, variant: null }))!;
    expect(again.header.format).toBe(INDEX_FORMAT);
    expect(again.header.builtAt).toBeGreaterThanOrEqual(first.header.builtAt);
    expect(again).not.toBe(first);
    // Stored again in the current format: read back from the store, the same header.
    await expect.poll(async () => ((await runtime.storage.snapshots.getItemRaw(askItemKey(guide.token))) as Uint8Array).toString().includes(INDEX_FORMAT)).toBe(true);
    dropAllLoadedIndexes();
    expect((await indexForPage({ token: guide.token, variant: null }))!.header).toEqual(again.header);
  });

  it('drops a stored index whose guidebook row has moved on (a write the store missed)', async () => {
    const guide = await guidebook(GERMAN);
    const first = (await indexForPage({ token: guide.token, variant: null }))!;
    await expect.poll(() => stored(guide.token)).toBe(true);
    // The row changes without its aftermath (a process that died before it): the stored index is older.
    await runtime.db.updateTable('instructions').set({ version: 5 }).where('id', '=', guide.id).execute();
    dropAllLoadedIndexes();
    const again = (await indexForPage({ token: guide.token, variant: null }))!;
    expect(first.header.version).toBe(1);
    expect(again.header.version).toBe(5);
  });
});

describe('removal with the page', () => {
  it('goes from the store and from memory with every save, link change and delete, every language', async () => {
    const guide = await guidebook({ ...GERMAN, translations: {} });
    const main = { token: guide.token, variant: null };
    const english = { token: guide.token, variant: 'en' as const };
    await indexForPage(main);
    expect((await indexForPage(english))!.header.language).toBe('en');
    await expect.poll(async () => [await stored(guide.token), await stored(`${guide.token}~en`)]).toEqual([true, true]);
    await save(guide, { checkoutSteps: ['Fenster schließen'] });
    await expect.poll(async () => [await stored(guide.token), await stored(`${guide.token}~en`)]).toEqual([false, false]);
    expect([loadedIndex(guide.token), loadedIndex(`${guide.token}~en`)]).toEqual([undefined, undefined]);
    // The next question builds it from the saved guidebook.
    expect((await indexForPage(main))!.search.search('Fenster')[0]).toMatchObject({ anchor: 'co-0' });
    await afterGuidebookWrite({ id: guide.id, token: 'ask-moved-token', oldToken: guide.token });
    await expect.poll(() => stored(guide.token)).toBe(false);
    expect(loadedIndex(guide.token)).toBeUndefined();
  });

  it('is neither kept nor stored when a write touched the token while it was built', async () => {
    const guide = await guidebook(GERMAN);
    const building = indexForPage({ token: guide.token, variant: null });
    // What a write does as it commits (guest-pages/publish/rebuild-snapshots.ts): the build read the row before it.
    bumpTokenEpoch(guide.token);
    expect((await building)!.search.search('WLAN')[0]).toMatchObject({ section: 'wifi' });
    expect(loadedIndex(guide.token)).toBeUndefined();
    expect(await stored(guide.token)).toBe(false);
  });
});

describe('the memory bound', () => {
  it('keeps the loaded indexes under ASSISTANT_INDEX_MEMORY_MB, the least recently asked going first', async () => {
    const bound = 1024 * 1024;
    const words = (seed: number) => Array.from({ length: 700 }, (_, i) => `wort${seed}x${i}`).join(' ');
    const guides = [];
    for (let n = 0; n < 12; n += 1) {
      const guide = await guidebook({ boxes: [1, 2, 3].map((id) => ({ id, title: `Schritt ${id}`, paragraph: `<p>${words(n * 10 + id)}</p>`, imageUrl: '' })) });
      await indexForPage({ token: guide.token, variant: null });
      await expect.poll(() => stored(guide.token)).toBe(true);
      guides.push(guide);
      expect(indexMemoryBytes()).toBeLessThanOrEqual(bound);
    }
    expect(loadedIndex(guides[0]!.token)).toBeUndefined();
    expect(loadedIndex(guides.at(-1)!.token)).toBeDefined();
    // An evicted index comes back from the store.
    expect(await indexForPage({ token: guides[0]!.token, variant: null })).not.toBeNull();
    expect(indexMemoryBytes()).toBeLessThanOrEqual(bound);
  });
});

describe('the anchors on the page', () => {
  it('names an element of the rendered guest page with every passage, in every section', async () => {
    const server = await startServer();
    const db = server.openDb();
    try {
      const host = await signedInHost(server, 'gold');
      const place = { id: 41, name: 'Bakery', category: 'eat', note: '<p>Fresh bread at 7.</p>' };
      const extra = { id: 51, kind: 'item', title: 'Breakfast basket', description: '<p>Bread and jam.</p>', price: 0 };
      const json = {
        nameInstruction: 'Anchors',
        address: 'Obala 1, Split',
        wifiName: 'Seaside',
        textGreating: '<p>Welcome!</p>',
        phone: '+385 1 234 567',
        checkInTime: '15:00',
        checkOutTime: '10:00',
        checkoutSteps: ['Close the windows', 'Leave the key'],
        boxes: [{ id: 31, title: 'Door', paragraph: '<p>Blue door.</p>' }],
        manualBoxes: [{ id: 32, paragraph: '<p>Bins in the yard.</p>' }],
        places: [place],
        extras: [extra],
        extrasOnPublicLink: true,
      };
      const response = await host.call('/api/instruction', { json });
      expect(response.status).toBe(201);
      const { instruction } = (await response.json()) as { instruction: { token: string } };
      const html = await (await server.request(`/instruction/${instruction.token}`)).text();
      const row = db.prepare('SELECT data FROM instructions WHERE token = ?').get(instruction.token) as { data: string };
      const passages = guidebookPassages(parseStoredContent(row.data), 'en');
      expect(new Set(passages.map((passage) => passage.section))).toEqual(new Set(['address', 'check-in', 'welcome', 'wifi', 'rules', 'places', 'extras', 'good-to-know', 'check-out', 'contact']));
      for (const passage of passages) expect(html, passage.title).toContain(`id="${passage.anchor}"`);
    } finally {
      if (server.dialect === 'sqlite') db.close();
      await server.stop();
    }
  });
});
