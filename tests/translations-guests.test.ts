import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import type { TestServer } from './helpers/server.ts';
import { readableParts, serverWithMailForFile, type TestSmtpServer } from './helpers/smtp.ts';
import { storedKeys, storedSnapshotPage } from './helpers/stored.ts';

/**
 * What guests read of a guidebook's translations (docs/decisions/021-guidebook-translations.md),
 * over real HTTP: a machine draft reaches no guest until the host accepts it (the page and every
 * stored variant of it, the public preview, the poster, the share mail, a stay's page and mail),
 * and the host's name and the addresses are never translated, not even by a translation stored
 * before they stopped being translatable. Drafts here are written as the stand-in writes them
 * ("[de] …"), so any that leaks is found by its tag.
 */
let server: TestServer;
let smtp: TestSmtpServer;

serverWithMailForFile({ NODE_ENV: 'test' }, (started) => ({ server, smtp } = started));

const MAIN = {
  nameInstruction: 'Harbour Loft',
  address: 'Ulica Petra Kružića 5',
  hostName: 'Marija',
  textGreating: '<p>Welcome!</p>',
  timeZone: 'UTC',
  boxes: [{ id: 7, title: 'Door', paragraph: '<p>Push hard</p>', imageUrl: '' }],
  places: [{ id: 31, name: 'Konoba Fetivi', category: 'eat', note: '<p>Fish</p>', address: 'Obala 3', pick: true }],
};

const accepted = (main: string, text: string) => ({ text, source: sourceHash(main) });
const drafted = (main: string, text: string) => ({ ...accepted(main, text), machine: true });

async function create(h: SignedInHost): Promise<Instruction> {
  const response = await h.call('/api/instruction', { json: MAIN });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function save(h: SignedInHost, g: Instruction, translations: Instruction['translations']): Promise<Instruction> {
  const response = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, translations } });
  expect(response.status, await response.clone().text()).toBe(200);
  await rebuildsSettled();
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

/** Waits until no publish is being rebuilt (guest answers say how many are, NODE_ENV=test). */
async function rebuildsSettled(): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if ((await server.request('/instruction')).headers.get('x-snapshot-rebuilds') === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the snapshot rebuilds did not finish');
}

const text = async (path: string, h?: SignedInHost) => (await (h ? h.call(path) : server.request(path))).text();

/** Every stored page of `token` (each language, each encoding), decoded. */
function storedPages(token: string): string[] {
  return storedKeys(server, 'snapshots')
    .filter((key) => key.startsWith(token))
    .map((key) => {
      const at = key.lastIndexOf('/');
      return storedSnapshotPage(server, key.slice(0, at), key.slice(at + 1)) ?? '';
    });
}

async function addStay(h: SignedInHost, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  const response = await h.call(`/api/instruction/${g._id}/stays`, { json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

const STAY = { checkIn: '2030-08-01T15:00', checkOut: '2030-08-03T11:00' };

describe('a machine draft', () => {
  it('reaches no guest until the host accepts it: the main text instead, marked as the main language', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await save(h, await create(h), {
      de: {
        'boxes.7.title': accepted('Door', 'Tür'),
        nameInstruction: drafted('Harbour Loft', '[de] Harbour Loft'),
        textGreating: drafted('<p>Welcome!</p>', '<p>[de] Welcome!</p>'),
        'boxes.7.paragraph': drafted('<p>Push hard</p>', '<p>[de] Push hard</p>'),
      },
      // Drafts alone: no language a guest is offered.
      fr: { textGreating: drafted('<p>Welcome!</p>', '<p>[fr] Welcome!</p>') },
    });
    // The drafts are the host's to review: stored and in the editor's copy.
    expect(g.translations.de!.nameInstruction).toEqual(drafted('Harbour Loft', '[de] Harbour Loft'));

    const german = await text(`/instruction/${g.token}/de`);
    expect(german).toContain('Tür');
    expect(german).toContain('<h1 lang="en">Harbour Loft</h1>');
    expect(german).toMatch(/<meta property="og:title" content="Harbour Loft/);
    expect(german).not.toContain('[de]');
    const main = await text(`/instruction/${g.token}`);
    expect(main).toMatch(/hreflang="de"/);
    expect(main).not.toMatch(/hreflang="fr"/);
    // A French guest gets the page's French words around the main texts, no draft.
    expect(await text(`/instruction/${g.token}/fr`)).not.toContain('[fr]');

    const pages = storedPages(g.token);
    expect(pages.length).toBeGreaterThanOrEqual(6); // the main page and the German one, three encodings each
    for (const page of pages) expect(page).not.toMatch(/\[(de|fr)\]/);
    expect(await text(`/api/instruction/preview/${g.token}`)).not.toMatch(/\[(de|fr)\]/);

    const poster = await text(`/dashboard/poster/${g._id}?lang=de`, h);
    expect(poster).toMatch(/<html lang="de"/);
    expect(poster).toContain('Harbour Loft');
    expect(poster).not.toContain('[de]');
    expect(await text(`/dashboard/poster/${g._id}?lang=fr`, h)).toMatch(/<html lang="en"/);

    expect((await h.call(`/api/instruction/${g._id}/share?lang=de`, { json: { email: 'draft.de@example.com' } })).status).toBe(200);
    const shared = await smtp.waitForMail((mail) => mail.envelopeTo.includes('draft.de@example.com'));
    expect(shared.subject).toBe('Ihre Gästemappe für Harbour Loft');
    expect(readableParts(shared)).not.toContain('[de]');
    const refused = await h.call(`/api/instruction/${g._id}/share?lang=fr`, { json: { email: 'draft.fr@example.com' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: messages.sharing.languageNotOffered('French') });

    const stay = await addStay(h, g, { guestName: 'Dora', guestEmail: 'dora.draft@example.com', language: 'de', ...STAY });
    const stayPage = await text(`/stay/${stay.token}`);
    expect(stayPage).toMatch(/<html[^>]* lang="de"/);
    expect(stayPage).toContain('Tür');
    expect(stayPage).not.toContain('[de]');
    expect((await h.call(`/api/instruction/${g._id}/stays/${stay._id}/send`, { method: 'POST', json: {} })).status).toBe(200);
    const stayMail = await smtp.waitForMail((mail) => mail.envelopeTo.includes('dora.draft@example.com'));
    expect(readableParts(stayMail)).toContain('Harbour Loft');
    expect(readableParts(stayMail)).not.toContain('[de]');

    // Accepted (the flag gone, as the editor's Accept leaves it): guests read it from the next publish.
    const { machine: _flag, ...acceptedName } = g.translations.de!.nameInstruction!;
    const after = await save(h, g, { ...g.translations, de: { ...g.translations.de, nameInstruction: acceptedName } });
    expect(after.translations.de!.nameInstruction).toEqual(accepted('Harbour Loft', '[de] Harbour Loft'));
    const acceptedPage = await text(`/instruction/${g.token}/de`);
    expect(acceptedPage).toContain('<h1>[de] Harbour Loft</h1>');
    expect(acceptedPage).not.toContain('[de] Welcome!');
  });
});

describe('the host’s name and the addresses', () => {
  it('are never translated: translations stored before are ignored everywhere, and the next save drops them', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await save(h, await create(h), { de: { 'boxes.7.title': accepted('Door', 'Tür') } });
    // As a guidebook saved while they were translatable holds them (written past the API, which no longer takes them in).
    const old = {
      'boxes.7.title': accepted('Door', 'Tür'),
      hostName: accepted('Marija', '[de] Marija'),
      address: accepted('Ulica Petra Kružića 5', '[de] Ulica Petra Kružića 5'),
      'places.31.address': accepted('Obala 3', '[de] Obala 3'),
      'places.31.name': accepted('Konoba Fetivi', 'Konoba Fetivi (Gasthaus)'),
    };
    const [before] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', g._id);
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...JSON.parse(before!.data), translations: { de: old, fr: { hostName: accepted('Marija', '[fr] Marija') } } }), g._id);

    // The German page was never opened: it is rendered now, from what is stored.
    const german = await text(`/instruction/${g.token}/de`);
    expect(german).toContain('Tür');
    expect(german).toContain('Konoba Fetivi (Gasthaus)');
    expect(german).toContain('Marija');
    expect(german).toContain('Ulica Petra Kružića 5');
    expect(german).toContain('Obala 3');
    expect(german).not.toMatch(/\[(de|fr)\]/);
    // The address is the main language's text on the German page, and French (a host's name alone) is offered nowhere.
    expect(german).toMatch(/<p class="hero-address" lang="en">/);
    expect(german).not.toMatch(/hreflang="fr"/);
    // The poster lists the favourite places, each with its address.
    const poster = await text(`/dashboard/poster/${g._id}?lang=de`, h);
    expect(poster).toContain('Konoba Fetivi (Gasthaus)');
    expect(poster).toContain('Obala 3');
    expect(poster).not.toContain('[de]');
    expect((await h.call(`/api/instruction/${g._id}/share?lang=de`, { json: { email: 'old.de@example.com' } })).status).toBe(200);
    const shared = readableParts(await smtp.waitForMail((mail) => mail.envelopeTo.includes('old.de@example.com')));
    expect(shared).toContain('Marija hat die Gästemappe');
    expect(shared).not.toContain('[de]');
    const stay = await addStay(h, g, { language: 'de', ...STAY });
    expect(await text(`/stay/${stay.token}`)).not.toContain('[de]');

    // The editor reads the guidebook without them and saves it as read; an editor opened before may still send them.
    const read = (await (await h.call(`/api/instruction/${g._id}`)).json()) as Instruction;
    expect(Object.keys(read.translations.de!).sort()).toEqual(['boxes.7.title', 'places.31.name']);
    expect(read.translations.fr).toEqual({});
    const saved = await h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...read, translations: { de: old } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [stored] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', g._id);
    expect(JSON.parse(stored!.data).translations).toEqual({ de: { 'boxes.7.title': old['boxes.7.title'], 'places.31.name': old['places.31.name'] } });
  });
});
