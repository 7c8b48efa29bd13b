import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDEBOOK_LANGUAGES } from '../src/lib/shared/languages.ts';
import { LOCKBOX_MARKER, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash, translatableFields, translationStatus } from '../src/lib/shared/translations.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { JSON_BODY_LIMIT } from '../src/lib/server/http/json.ts';

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

    // The version History keeps has them too.
    const { revisions } = (await (await h.call(`/api/instruction/${book._id}/revisions`)).json()) as { revisions: { id: string; version: number }[] };
    const newest = revisions.find((revision) => revision.version === after.version)!;
    const kept = (await (await h.call(`/api/instruction/${book._id}/revisions/${newest.id}`)).json()) as { content: Instruction };
    expect(kept.content.translations).toEqual(translations);

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

  it('refuses `__proto__` as a field or a language with 400, as it refuses `constructor`, and saves nothing', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    // Raw JSON: an object literal's `__proto__` would set the prototype instead of sending the key.
    const raw = (translations: string) => h.call(`/api/instruction/${book._id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(book).replace(/}$/, `,"translations":${translations}}`) });
    const entry = `{"text":"Willkommen","source":"${of('<p>Welcome!</p>')}"}`;
    for (const key of ['constructor', '__proto__']) {
      const field = await raw(`{"de":{"${key}":${entry}}}`);
      expect(field.status, key).toBe(400);
      expect(await field.json()).toEqual({ message: `German: "${key}" is not a field that can be translated.` });
      const language = await raw(`{"${key}":{"textGreating":${entry}}}`);
      expect(language.status, key).toBe(400);
      expect(await language.json()).toEqual({ message: `Translations: "${key}" is not a language a guidebook can be translated into.` });
    }
    expect(query(server, 'SELECT version FROM instructions WHERE id = ?', book._id)).toEqual([{ version: book.version }]);
  });

  it('drops the translations of a deleted step instead of refusing the save', async () => {
    const h = await signedInHost(server, 'gold');
    const book = await guidebook(h);
    const translated = await saved(h, { ...book, translations: { de: { 'boxes.11.title': { text: 'Schlüsselbox', source: of('Lock box') }, textGreating: { text: '<p>Willkommen!</p>', source: of('<p>Welcome!</p>') } } } });
    const after = await saved(h, { ...translated, boxes: [] });
    expect(after.translations).toEqual({ de: { textGreating: { text: '<p>Willkommen!</p>', source: of('<p>Welcome!</p>') } } });
  });
});

describe('check-out steps, translated by index (docs/decisions/021)', () => {
  const STEPS = ['Strip the beds', 'Take out the rubbish', 'Leave the keys on the table'];
  const GERMAN = ['Betten abziehen', 'Müll rausbringen', 'Schlüssel auf dem Tisch lassen'];

  it('a reorder leaves each translation at its index, out of date where the line there changed; a removed line’s translation goes', async () => {
    const h = await signedInHost(server, 'gold');
    const created = await create(h, { nameInstruction: 'Seaside flat' });
    const de = Object.fromEntries(STEPS.map((step, index) => [`checkoutSteps.${index}`, { text: GERMAN[index]!, source: of(step) }]));
    const translated = await saved(h, { ...created, checkoutSteps: STEPS, translations: { de } });
    expect(translationStatus(translated, 'de')).toMatchObject({ translated: 3, outOfDate: 0 });

    // The first two swapped: the keys stay, both translations "may be out of date" (never shown as current).
    const swapped = await saved(h, { ...translated, checkoutSteps: [STEPS[1], STEPS[0], STEPS[2]] });
    expect(swapped.translations.de).toEqual(de);
    expect(translationStatus(swapped, 'de')).toMatchObject({ translated: 3, outOfDate: 2 });

    // The last line removed: its translation is not stored any more, the others stay at their index.
    const shorter = await saved(h, { ...swapped, checkoutSteps: [STEPS[1], STEPS[0]] });
    expect(Object.keys(shorter.translations.de!)).toEqual(['checkoutSteps.0', 'checkoutSteps.1']);
    const read = (await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction;
    expect(read.translations).toEqual(shorter.translations);
    // A save that still sends the removed line's translation (the editor's form keeps it) does not store it either.
    const resent = await saved(h, { ...shorter, translations: { de } });
    expect(Object.keys(resent.translations.de!)).toEqual(['checkoutSteps.0', 'checkoutSteps.1']);

    // Every line removed: the language goes with its last translation.
    expect((await saved(h, { ...resent, checkoutSteps: [] })).translations).toEqual({});
  });
});

describe('the body cap with 20 languages (docs/decisions/021: 256 KB bounds a guidebook with its translations)', () => {
  const others = GUIDEBOOK_LANGUAGES.filter((language) => language !== 'en').slice(0, 19);
  const sentence = (n: number) => `Line ${n} of the house notes: the boiler is in the hall cupboard, press reset twice.`;
  /** About `length` characters of ordinary text, as rich text. */
  const paragraph = (seed: number, length: number) => `<p>${Array.from({ length: Math.ceil(length / 80) }, (_, i) => sentence(seed + i)).join(' ')}</p>`;

  /** A guidebook of `size` (check-in steps, notes, places, extras, check-out lines) and text lengths. */
  const guidebookOf = (size: { steps: number; notes: number; places: number; extras: number; lines: number; text: number }) => ({
    nameInstruction: 'Harbour Loft, Old Town',
    address: 'Obala hrvatskog narodnog preporoda 1, 21000 Split',
    hostName: 'Ana and Ivo',
    brandingTitle: 'Ana’s flats in Split',
    textGreating: paragraph(1, size.text * 1.5),
    boxes: Array.from({ length: size.steps }, (_, i) => ({ id: 100 + i, title: `Step ${i + 1}: through the courtyard gate`, paragraph: paragraph(10 * i, size.text), imageUrl: '' })),
    manualBoxes: Array.from({ length: size.notes }, (_, i) => ({ id: 200 + i, paragraph: paragraph(100 + i, size.text), imageUrl: '' })),
    checkoutSteps: Array.from({ length: size.lines }, (_, i) => `Check-out line ${i + 1}: close the windows and the shutters`),
    places: Array.from({ length: size.places }, (_, i) => ({ id: 300 + i, name: `Konoba number ${i + 1}`, category: 'eat', note: paragraph(200 + i, size.text / 2), address: `Ulica ${i + 1}, Split` })),
    extras: Array.from({ length: size.extras }, (_, i) => ({ id: 400 + i, kind: 'item', title: `Breakfast basket ${i + 1}`, description: paragraph(300 + i, size.text / 2), price: 1500 })),
  });
  /** An ordinary guidebook: 6 check-in steps, 3 notes, 8 places, 2 extras, 5 check-out lines, texts of about 240 characters. */
  const ORDINARY = guidebookOf({ steps: 6, notes: 3, places: 8, extras: 2, lines: 5, text: 240 });
  /** A long one: 10 check-in steps, 5 notes, 15 places, 3 extras, 6 check-out lines, texts of about 400 characters. */
  const LONG = guidebookOf({ steps: 10, notes: 5, places: 15, extras: 3, lines: 6, text: 400 });

  /** Every field of `book` translated into each of `languages`, each text a fifth longer than the main one's and partly two bytes a character. */
  const everyField = (book: Instruction, languages: readonly string[]) =>
    Object.fromEntries(
      languages.map((language) => [
        language,
        Object.fromEntries(
          translatableFields(book).map((field) => {
            const extra = 'ü'.repeat(Math.round(field.text.length / 5));
            const text = field.kind === 'richText' ? field.text.replace(/<\/p>$/, ` ${extra}</p>`) : `${field.text} ${extra}`.slice(0, 200);
            return [field.key, { text, source: of(field.text) }];
          }),
        ),
      ]),
    );

  /** `content` saved as a new guidebook of `h`, and the PUT body of it with every field translated into 19 languages. */
  async function inTwentyLanguages(h: SignedInHost, content: Record<string, unknown>) {
    const book = await saved(h, { ...(await create(h, { nameInstruction: 'x' })), ...content });
    const translations = everyField(book, others);
    const body = JSON.stringify({ ...book, translations });
    // The numbers, for docs/decisions/021's consequences: the guidebook in 20 languages against the cap.
    console.info(`${translatableFields(book).length} fields: ${Buffer.byteLength(JSON.stringify(book))} bytes in one language, ${Buffer.byteLength(body)} in 20 (cap ${JSON_BODY_LIMIT})`);
    return { book, translations, body };
  }

  it('an ordinary guidebook with every field translated into 19 languages fits and is stored', async () => {
    const h = await signedInHost(server, 'gold');
    const { book, translations, body } = await inTwentyLanguages(h, ORDINARY);
    expect(Buffer.byteLength(body)).toBeLessThan(JSON_BODY_LIMIT);
    const full = await saved(h, { ...book, translations });
    expect(Object.keys(full.translations)).toEqual(others);
    expect(translationStatus(full, others.at(-1)!)).toMatchObject({ translated: translatableFields(book).length, outOfDate: 0 });
  });

  it('a long one in 20 languages is over 256 KB: 413 with a message, and nothing stored', async () => {
    const h = await signedInHost(server, 'gold');
    const { book, body } = await inTwentyLanguages(h, LONG);
    expect(Buffer.byteLength(body)).toBeGreaterThan(JSON_BODY_LIMIT);
    const response = await h.call(`/api/instruction/${book._id}`, { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is larger than 256 KB.' });
    const read = (await (await h.call(`/api/instruction/${book._id}`)).json()) as Instruction;
    expect(read.version).toBe(book.version);
    expect(read.translations).toEqual({});
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
