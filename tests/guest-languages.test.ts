import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { storedNames } from './helpers/stored.ts';
import { until } from './helpers/until.ts';

// docs/product/guest-languages.md: one stored page per guidebook and language, over real
// HTTP. NODE_ENV=test makes guest answers say how many SQLite statements they ran (x-sqlite-queries).
let server: TestServer;
let host: SignedInHost;
let made: Instruction;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  host = await signedInHost(server, 'free');
  made = await guidebook();
});

afterAll(async () => {
  await server?.stop();
});

const entry = (main: string, text: string) => ({ text, source: sourceHash(main) });

/** An English guidebook translated into German (in part) and French (the step's title only). */
async function guidebook(owner: SignedInHost = host): Promise<Instruction> {
  const created = await owner.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', address: 'Obala 1, Split', hostName: 'Ana', textGreating: '<p>Welcome!</p>', boxes: [{ id: 7, title: 'Door', paragraph: '<p>Push hard</p>', imageUrl: '' }] } });
  expect(created.status).toBe(201);
  const { instruction } = (await created.json()) as { instruction: Instruction };
  const translations = {
    de: { nameInstruction: entry('Harbour Loft', 'Hafen-Loft'), 'boxes.7.title': entry('Door', 'Tür'), textGreating: entry('<p>Welcome!</p>', '<p>Willkommen!</p>') },
    fr: { 'boxes.7.title': entry('Door', 'Porte') },
  };
  const saved = await owner.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, translations } });
  expect(saved.status).toBe(200);
  // Until the publish is rendered again, guests get the page as it was (docs/decisions/007).
  await rebuildsSettled();
  return ((await saved.json()) as { instruction: Instruction }).instruction;
}

const guest = (path: string, headers: Record<string, string> = {}) => server.request(path, { headers });

/** Waits until no publish is being rebuilt (guest answers say how many are, NODE_ENV=test). */
async function rebuildsSettled(): Promise<void> {
  await until(async () => (await guest('/instruction')).headers.get('x-snapshot-rebuilds'), (count) => count === '0', 'the snapshot rebuilds finished');
}

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe('a guidebook in each of its languages', () => {
  it('renders /instruction/:token/:lang with the translation, the page’s words, and the main text marked where it falls back', async () => {
    const response = await guest(`/instruction/${made.token}/de`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlLang(html)).toBe('de');
    expect(html).toContain('<h1>Hafen-Loft</h1>');
    expect(html).toContain('<h3>Tür</h3>');
    expect(html).toContain('<p>Willkommen!</p>');
    // The page's own words are German; the untranslated texts say they are English.
    expect(html).toContain('Anreise');
    expect(html).toContain('<div class="rich" lang="en"><p>Push hard</p></div>');
    expect(html).toContain('<p class="address" lang="en">Obala 1, Split</p>');
    expect(html).toMatch(/<span lang="en">Ana<\/span>/);
  });

  it('links every language (hreflang, x-default) and names the Open Graph locales', async () => {
    const html = await (await guest(`/instruction/${made.token}/fr`)).text();
    expect(htmlLang(html)).toBe('fr');
    // Absolute, on the configured APP_URL.
    const base = `http://localhost:${new URL(server.url).port}/instruction/${made.token}`;
    for (const lang of ['en', 'de', 'fr']) expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="${base}/${lang}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}">`);
    expect(html).toContain('<meta property="og:locale" content="fr_FR">');
    expect(html).toContain('<meta property="og:locale:alternate" content="de_DE">');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US">');
    // The menu lists each language by its own name, this one current.
    expect(html).toMatch(/<a href="\/instruction\/[\w-]+\/de" hreflang="de" lang="de" data-lang-choice="de">Deutsch<\/a>/);
    expect(html).toMatch(/hreflang="fr" lang="fr" data-lang-choice="fr" aria-current="page">Français<\/a>/);
    // The step's title is French; the rest falls back.
    expect(html).toContain('Porte');
    expect(html).toContain('<h1 lang="en">Harbour Loft</h1>');
  });

  it('answers each language’s page from memory with 0 queries once rendered', async () => {
    for (const lang of ['de', 'fr']) {
      await guest(`/instruction/${made.token}/${lang}`);
      const hit = await guest(`/instruction/${made.token}/${lang}`);
      expect(hit.headers.get('x-snapshot')).toBe('hit');
      expect(hit.headers.get('x-sqlite-queries')).toBe('0');
      expect(htmlLang(await hit.text())).toBe(lang);
    }
    // `?lang=` is the same page as the path.
    const alias = await guest(`/instruction/${made.token}?lang=de`);
    expect(alias.headers.get('x-sqlite-queries')).toBe('0');
    expect(alias.headers.get('etag')).toBe((await guest(`/instruction/${made.token}/de`)).headers.get('etag'));
  });

  it('shows the main page for a language the guidebook does not offer, and no page for one off the list', async () => {
    const japanese = await guest(`/instruction/${made.token}/ja`);
    expect(japanese.status).toBe(200);
    const html = await japanese.text();
    expect(htmlLang(html)).toBe('en');
    expect(html).toContain('<h1>Harbour Loft</h1>');
    expect((await guest(`/instruction/${made.token}/xx`)).status).toBe(404);
  });

  it('puts the host’s texts in the page’s own words of a language it has no translation in', async () => {
    const html = await (await guest(`/instruction/${made.token}/es`)).text();
    expect(htmlLang(html)).toBe('es');
    // The host's texts stay English, marked so; the page's words are Spanish.
    expect(html).toContain('<h1 lang="en">Harbour Loft</h1>');
    expect(html).toContain(' Normas de la casa</h2>');
    // Its menu says where the guest is and leads to the host's languages; search engines get those only.
    expect(html).toMatch(/<a href="\/instruction\/[\w-]+\/es" hreflang="es" lang="es" data-lang-choice="es" aria-current="page">/);
    expect(html).toMatch(/<a href="\/instruction\/[\w-]+\/de" hreflang="de"/);
    expect(html).not.toContain('<link rel="alternate" hreflang="es"');
    expect(html).toContain('<link rel="alternate" hreflang="de"');
  });
});

describe('/instruction/:token picks the guest’s language', () => {
  const pick = async (acceptLanguage?: string) => {
    const response = await guest(`/instruction/${made.token}`, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    return { lang: htmlLang(await response.text()), queries: response.headers.get('x-sqlite-queries') };
  };

  it('takes the first of Accept-Language the guidebook offers, by q-value, else the main language', async () => {
    expect((await pick('ja, fr;q=0.5, de-AT;q=0.9')).lang).toBe('de');
    expect((await pick('de;q=0, fr')).lang).toBe('fr');
    expect((await pick('en-GB, de;q=0.8')).lang).toBe('en');
    expect((await pick('ja, ko')).lang).toBe('en');
    expect((await pick()).lang).toBe('en');
    // None offered: the first the page has words in, around the English texts.
    expect((await pick('ja, es-MX, it;q=0.9')).lang).toBe('es');
    // A translation wins over words only, whatever their order.
    expect((await pick('es, fr;q=0.5')).lang).toBe('fr');
  });

  it('picks the same for a header it has seen before, after hundreds of other browsers, and from memory', async () => {
    // The server keeps each header's languages for the next guest, 256 at most
    // (negotiate-language.ts): more than that come and go here, and the first come back.
    const headers = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? `ja;q=0.${(i % 9) + 1}, fr-x-${i}, de;q=0.05` : `de-x-${i}, fr;q=0.5`));
    await pick('fr');
    await pick('de');
    for (const round of [1, 2]) {
      for (const [i, header] of headers.entries()) {
        if (round === 2 && i % 25 !== 0) continue;
        const { lang, queries } = await pick(header);
        expect(lang, `${header} (round ${round})`).toBe(i % 2 === 0 ? 'fr' : 'de');
        expect(queries).toBe('0');
      }
    }
    expect((await pick('ja, ko')).lang).toBe('en');
    // Longer than any browser's header: never kept, picked alike each time.
    const long = `fr-${'x'.repeat(300)}, de;q=0.5`;
    expect((await pick(long)).lang).toBe('fr');
    expect((await pick(long)).lang).toBe('fr');
  });

  it('renders a language no guest opened yet on the first ask, stores it as that language’s page', async () => {
    const other = await guidebook();
    const first = await guest(`/instruction/${other.token}`, { 'accept-language': 'de' });
    expect(htmlLang(await first.text())).toBe('de');
    const direct = await guest(`/instruction/${other.token}/de`);
    expect(direct.headers.get('x-sqlite-queries')).toBe('0');
    expect(direct.headers.get('etag')).toBe(first.headers.get('etag'));
    // A guidebook in one language varies too: a German browser gets the page's German words.
    const single = await host.call('/api/instruction', { json: { nameInstruction: 'Only English' } });
    const { instruction } = (await single.json()) as { instruction: Instruction };
    const german = await guest(`/instruction/${instruction.token}`, { 'accept-language': 'de' });
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    const html = await german.text();
    expect(htmlLang(html)).toBe('de');
    expect(html).toContain('<h1 lang="en">Only English</h1>');
    expect(htmlLang(await (await guest(`/instruction/${instruction.token}`, { 'accept-language': 'ja' })).text())).toBe('en');
  });

  it('answers from memory, without a query, in every language', async () => {
    for (const [accept, lang] of [['de-DE,de;q=0.9', 'de'], ['fr', 'fr'], ['ja', 'en'], ['pl', 'pl']] as const) {
      await pick(accept);
      expect(await pick(accept)).toEqual({ lang, queries: '0' });
    }
  });
});

describe('a write', () => {
  it('drops every language’s page and renders again the ones guests opened', async () => {
    expect(await (await guest(`/instruction/${made.token}/de`)).text()).toContain('Hafen-Loft');
    const translations = { ...made.translations, de: { ...made.translations.de, nameInstruction: entry('Harbour Loft', 'Hafenloft am Meer') } };
    const saved = await host.call(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, translations } });
    expect(saved.status).toBe(200);
    made = ((await saved.json()) as { instruction: Instruction }).instruction;
    await rebuildsSettled();
    const german = await guest(`/instruction/${made.token}/de`);
    expect(german.headers.get('x-sqlite-queries')).toBe('0');
    expect(await german.text()).toContain('<h1>Hafenloft am Meer</h1>');
    expect(await (await guest(`/instruction/${made.token}`, { 'accept-language': 'de' })).text()).toContain('Hafenloft am Meer');
  });
});

describe('a stay link', () => {
  it('is in the stay’s language when the guidebook offers it; `?lang=` chooses another', async () => {
    const response = await host.call(`/api/instruction/${made._id}/stays`, { json: { guestName: 'Dana', language: 'de-AT', checkIn: '2030-07-04T16:00', checkOut: '2030-07-08T09:30' } });
    expect(response.status).toBe(201);
    const { stay } = (await response.json()) as { stay: Stay };
    const html = await (await guest(`/stay/${stay.token}`)).text();
    expect(htmlLang(html)).toBe('de');
    expect(html).toContain('<h1>Hafenloft am Meer</h1>');
    expect(html).toMatch(/<a href="\/stay\/[\w-]+\?lang=fr" hreflang="fr"/);
    expect(htmlLang(await (await guest(`/stay/${stay.token}?lang=fr`)).text())).toBe('fr');
    // A language the page has no words in and the guidebook no translation in leaves the stay's.
    expect(htmlLang(await (await guest(`/stay/${stay.token}?lang=ja`)).text())).toBe('de');
    expect(htmlLang(await (await guest(`/stay/${stay.token}?lang=es`)).text())).toBe('es');
  });
});

describe('a link regeneration and a delete', () => {
  const pages = (token: string) => [`/instruction/${token}`, `/instruction/${token}/de`, `/instruction/${token}/fr`, `/instruction/${token}?lang=de`];
  /** The stored copies of each language's page of `token` (`<token>` is the negotiated one, `<token>~<lang>` a language's). */
  const stored = (token: string) => [token, `${token}~de`, `${token}~fr`].map((key) => storedNames(server, 'snapshots', key));
  /** Opens every language's page of `token` until each is answered from memory. */
  async function held(token: string): Promise<void> {
    for (const path of pages(token)) {
      if ((await guest(path)).headers.get('x-snapshot') !== 'hit') await rebuildsSettled();
      const page = await guest(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-snapshot'), path).toBe('hit');
    }
    expect(stored(token).every((names) => names.length === 3)).toBe(true);
  }
  async function gone(token: string): Promise<void> {
    // Twice: the first answer drops nothing the second could still find in memory.
    for (let round = 0; round < 2; round += 1) {
      for (const path of pages(token)) {
        const page = await guest(path);
        expect(page.status, path).toBe(404);
        expect(page.headers.get('x-snapshot'), path).not.toBe('hit');
      }
    }
    expect(stored(token)).toEqual([[], [], []]);
  }

  it('the old link answers 404 in every language, the new one has them all; a delete takes every language of the new one', async () => {
    const owner = await signedInHost(server, 'gold');
    const book = await guidebook(owner);
    await held(book.token);
    const regenerated = await owner.call(`/api/instruction/preview/${book.token}`, { method: 'PATCH' });
    expect(regenerated.status).toBe(200);
    const { instruction } = (await regenerated.json()) as { instruction: Instruction };
    await gone(book.token);
    await rebuildsSettled();
    await gone(book.token);
    for (const lang of ['de', 'fr']) {
      const page = await guest(`/instruction/${instruction.token}/${lang}`);
      expect(page.status).toBe(200);
      expect(htmlLang(await page.text())).toBe(lang);
    }
    await held(instruction.token);

    expect((await owner.call(`/api/instruction/${book._id}`, { method: 'DELETE' })).status).toBe(200);
    await gone(instruction.token);
  });
});

describe('a right-to-left language', () => {
  it('sets dir="rtl" on its page, and no dir on a left-to-right one', async () => {
    const owner = await signedInHost(server, 'gold');
    const created = await owner.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', language: 'en' } });
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const translations = { ar: { nameInstruction: entry('Harbour Loft', 'شقة الميناء') }, he: { nameInstruction: entry('Harbour Loft', 'לופט הנמל') } };
    expect((await owner.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, translations } })).status).toBe(200);
    await rebuildsSettled();
    const arabic = await (await guest(`/instruction/${instruction.token}/ar`)).text();
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"[ >]/);
    expect(arabic).toContain('<h1>شقة الميناء</h1>');
    expect(await (await guest(`/instruction/${instruction.token}/he`)).text()).toMatch(/<html lang="he" dir="rtl"[ >]/);
    const english = await (await guest(`/instruction/${instruction.token}`)).text();
    expect(english).toMatch(/<html lang="en"[ >]/);
    expect(english).not.toMatch(/<html[^>]* dir=/);
    // A guidebook written in Arabic is right to left on its main page.
    const written = await owner.call('/api/instruction', { json: { nameInstruction: 'شقة الميناء', language: 'ar' } });
    const { instruction: arabicBook } = (await written.json()) as { instruction: Instruction };
    expect(await (await guest(`/instruction/${arabicBook.token}`)).text()).toMatch(/<html lang="ar" dir="rtl"[ >]/);
  });
});

describe('a language added with no text', () => {
  it('is not stored, and the guest page does not offer it', async () => {
    const owner = await signedInHost(server, 'gold');
    const created = await owner.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft' } });
    const { instruction } = (await created.json()) as { instruction: Instruction };
    for (const de of [{}, { nameInstruction: entry('Harbour Loft', '') }, { nameInstruction: entry('Harbour Loft', '   ') }]) {
      const saved = await owner.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, translations: { de } } });
      expect(saved.status, JSON.stringify(de)).toBe(200);
      Object.assign(instruction, ((await saved.json()) as { instruction: Instruction }).instruction);
      expect(instruction.translations, JSON.stringify(de)).toEqual({});
      const read = (await (await owner.call(`/api/instruction/${instruction._id}`)).json()) as Instruction;
      expect(read.translations).toEqual({});
      await rebuildsSettled();
      // Offered in English only: a browser with no page words of its own gets the main page…
      const page = await guest(`/instruction/${instruction.token}`, { 'accept-language': 'ja' });
      const html = await page.text();
      expect(htmlLang(html)).toBe('en');
      expect(html).not.toContain('data-lang-menu');
      expect(html).not.toContain('hreflang="de"');
      // …and a German one the page's German words around the English text, no German translation.
      const german = await (await guest(`/instruction/${instruction.token}`, { 'accept-language': 'de' })).text();
      expect(htmlLang(german)).toBe('de');
      expect(german).toContain('<h1 lang="en">Harbour Loft</h1>');
      expect(german).not.toContain('<link rel="alternate" hreflang="de"');
    }
  });
});
