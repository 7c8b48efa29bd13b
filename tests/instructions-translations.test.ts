import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDEBOOK_LANGUAGES } from '../src/lib/shared/languages.ts';
import { LOCKBOX_MARKER, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash, translationStatus } from '../src/lib/shared/translations.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * A guidebook's language and translations over the API (docs/decisions/021): stored in the
 * guidebook's document by the saves there are, checked and sanitised on the way in, kept by the
 * History and by a copy, and read from older rows that never had them.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function create(h: SignedInHost, body: unknown = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', { json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

function save(h: SignedInHost, instruction: Record<string, unknown>): Promise<Response> {
  return h.call(`/api/instruction/${String(instruction._id)}`, { method: 'PUT', json: instruction });
}

async function saved(h: SignedInHost, instruction: Record<string, unknown>): Promise<Instruction> {
  const response = await save(h, instruction);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

const STEP = `<p>The code is ${LOCKBOX_MARKER}, the box is by the door.</p>`;
const of = (text: string) => sourceHash(text);

/** A guidebook with a step to translate, saved. */
async function guidebook(h: SignedInHost): Promise<Instruction> {
  const created = await create(h, { nameInstruction: 'Seaside flat' });
  return saved(h, { ...created, boxes: [{ id: 11, title: 'Lock box', paragraph: STEP }], textGreating: '<p>Welcome!</p>', checkoutSteps: ['Strip the beds'] });
}

describe('the main language', () => {
  it('a new guidebook is in the browser’s language, or English when the list has none of it or none is sent', async () => {
    const h = await signedInHost(server, 'gold');
    expect((await create(h, { language: 'de-AT' })).language).toBe('de');
    expect((await create(h, { language: 'is-IS' })).language).toBe('en');
    const plain = await create(h);
    expect(plain.language).toBe('en');
    expect(plain.translations).toEqual({});
  });

  it('a save may change it to a language of the list, and refuses any other', async () => {
    const h = await signedInHost(server, 'gold');
    const created = await create(h);
    expect((await saved(h, { ...created, language: 'hr' })).language).toBe('hr');
    const response = await save(h, { ...created, version: created.version + 1, language: 'hr-HR' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Choose the guidebook’s language from the list.' });
  });
});

describe('translations through PUT and GET', () => {
  it('are stored, answered, counted and kept by the History', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const translations = {
      de: {
        'boxes.11.title': { text: 'Schlüsselbox', source: of('Lock box') },
        'boxes.11.paragraph': { text: `<p>Der Code ist ${LOCKBOX_MARKER}.</p>`, source: of(STEP), machine: true },
        textGreating: { text: '<p>Willkommen!</p>', source: of('<p>Welcome!</p>') },
      },
      hr: { 'checkoutSteps.0': { text: 'Skinite posteljinu', source: of('Strip the beds') } },
    };
    const after = await saved(h, { ...book, translations });
    expect(after.translations).toEqual(translations);
    const read = (await (await h.call(`/api/instruction/${book._id}`)).json()) as Instruction;
    expect(read.translations).toEqual(translations);
    expect(translationStatus(read, 'de')).toMatchObject({ translated: 3, outOfDate: 0, machine: 1 });

    const [revision] = query<{ data: string }>(server, 'SELECT data FROM instruction_revisions WHERE instruction_id = ? AND version = ?', book._id, after.version);
    expect(JSON.parse(revision!.data).translations).toEqual(translations);

    // The main text changed: the translation stays, out of date, until the host makes it again.
    const edited = await saved(h, { ...after, boxes: [{ id: 11, title: 'Key safe', paragraph: STEP }] });
    expect(edited.translations.de!['boxes.11.title']!.text).toBe('Schlüsselbox');
    expect(translationStatus(edited, 'de')).toMatchObject({ translated: 3, outOfDate: 1 });
  });

  it('a copy keeps them', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const after = await saved(h, { ...book, language: 'en', translations: { fr: { textGreating: { text: '<p>Bienvenue !</p>', source: of('<p>Welcome!</p>') } } } });
    const copy = await h.call(`/api/instruction/${book._id}`, { method: 'POST' });
    expect(copy.status).toBe(201);
    const { instruction } = (await copy.json()) as { instruction: Instruction };
    expect(instruction.translations).toEqual(after.translations);
    expect(instruction.language).toBe('en');
  });

  it('refuses more than 20 languages with 400', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const others = GUIDEBOOK_LANGUAGES.filter((language) => language !== 'en').slice(0, 20);
    const translations = Object.fromEntries(others.map((language) => [language, { textGreating: { text: '<p>…</p>', source: of('<p>Welcome!</p>') } }]));
    const response = await save(h, { ...book, translations });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'A guidebook can be in at most 20 languages (its own and 19 translations).' });
    expect((await saved(h, { ...book, translations: Object.fromEntries(Object.entries(translations).slice(0, 19)) })).translations).not.toEqual({});
  });

  it('refuses a translation that drops or adds the door code marker, naming the language and the field', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const dropped = await save(h, { ...book, translations: { de: { 'boxes.11.paragraph': { text: '<p>Der Code steht an der Tür.</p>', source: of(STEP) } } } });
    expect(dropped.status).toBe(400);
    expect(await dropped.json()).toEqual({ message: 'German: the translation of "Check-in step 1 text" must keep the door code marker.' });
    const added = await save(h, { ...book, translations: { it: { textGreating: { text: `<p>Benvenuti! ${LOCKBOX_MARKER}</p>`, source: of('<p>Welcome!</p>') } } } });
    expect(added.status).toBe(400);
    expect(await added.json()).toEqual({ message: 'Italian: the translation of "Welcome message" cannot add a door code marker.' });
    expect(query(server, 'SELECT version FROM instructions WHERE id = ?', book._id)).toEqual([{ version: book.version }]);
  });

  it('sanitises a rich translation as the main text is sanitised', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const xss = `<p onclick="alert(1)">Der Code ist ${LOCKBOX_MARKER}<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">hier</a></p>`;
    const after = await saved(h, { ...book, translations: { de: { 'boxes.11.paragraph': { text: xss, source: of(STEP) } } } });
    const text = after.translations.de!['boxes.11.paragraph']!.text;
    expect(text).not.toMatch(/<script|<img|onerror|onclick|javascript:/i);
    expect(text).toContain(LOCKBOX_MARKER);
    expect(text).toContain('Der Code ist');
  });

  it('refuses a secret as a key, and stores no secret in any language', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    for (const key of ['code', 'wifiPassword', 'secretsPin']) {
      const response = await save(h, { ...book, code: '4711', translations: { de: { [key]: { text: '4711', source: of('4711') } } } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: `German: "${key}" is not a field that can be translated.` });
    }
  });

  it('drops the translations of a deleted step instead of refusing the save', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const translated = await saved(h, { ...book, translations: { de: { 'boxes.11.title': { text: 'Schlüsselbox', source: of('Lock box') }, textGreating: { text: '<p>Willkommen!</p>', source: of('<p>Welcome!</p>') } } } });
    const after = await saved(h, { ...translated, boxes: [] });
    expect(after.translations).toEqual({ de: { textGreating: { text: '<p>Willkommen!</p>', source: of('<p>Welcome!</p>') } } });
  });
});

describe('a guidebook stored before translations', () => {
  it('reads as English with none, and saves with them', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const [row] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', book._id);
    const { language: _language, translations: _translations, ...older } = JSON.parse(row!.data) as Record<string, unknown>;
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify(older), book._id);

    const read = (await (await h.call(`/api/instruction/${book._id}`)).json()) as Instruction;
    expect(read.language).toBe('en');
    expect(read.translations).toEqual({});
    expect((await h.call('/api/instruction')).status).toBe(200);
    expect((await server.request(`/instruction/${book.token}`)).status).toBe(200);
    const after = await saved(h, { ...read, translations: { nl: { 'checkoutSteps.0': { text: 'Haal de bedden af', source: of('Strip the beds') } } } });
    expect(after.translations.nl!['checkoutSteps.0']!.text).toBe('Haal de bedden af');
  });
});
