import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { LOCKBOX_MARKER, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { dropPlaceholder, startTranslateStandIn, type TranslateStandIn } from './helpers/translate/translate-standin.ts';

/**
 * "Draft with machine translation" over real HTTP (POST /api/instruction/:id/translations/:lang/draft,
 * docs/decisions/021-guidebook-translations.md): the servers talk to the stand-in of both services
 * on loopback; markers come back, secrets never leave, a field the service spoils is reported, the
 * host's limit holds, and without TRANSLATE_URL the route and the editor's flag are gone.
 */
const KEY = 'draft-key-51c0';
const SECRETS = { code: 'LOCKBOX-7731', wifiPassword: 'Harbour-Wifi-2207', secretsPin: '482915' };
const STEP = `<p>The key is in the box by the door: ${LOCKBOX_MARKER}</p>`;

let standIn: TranslateStandIn;
let libre: TestServer;
let deepl: TestServer;
let off: TestServer;

beforeAll(async () => {
  standIn = await startTranslateStandIn();
  standIn.apiKey = KEY;
  [libre, deepl, off] = await Promise.all([
    startServer({ TRANSLATE_URL: standIn.url, TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_API_KEY: KEY }),
    startServer({ TRANSLATE_URL: standIn.url, TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: KEY }),
    startServer(),
  ]);
});

afterAll(async () => {
  await Promise.all([libre?.stop(), deepl?.stop(), off?.stop()]);
  await standIn?.close();
});

beforeEach(() => {
  standIn.reset();
  standIn.apiKey = KEY;
});

/** What is never sent: the host's name, the addresses (the property's, a place's), and a place's name (translated by hand). */
const NEVER_SENT = { hostName: 'Marija Kovač', address: 'Ulica Petra Kružića 5', placeName: 'Konoba Fetivi', placeAddress: 'Obala Hrvatskog 3' };

/** A saved guidebook with secrets, a step holding the lock-box marker, a welcome, a check-out step and a place. */
async function guidebook(h: SignedInHost): Promise<Instruction> {
  const created = await h.call('/api/instruction', {
    json: {
      nameInstruction: 'Harbour flat',
      ...SECRETS,
      wifiName: 'Harbour',
      hostName: NEVER_SENT.hostName,
      address: NEVER_SENT.address,
      places: [{ id: 31, name: NEVER_SENT.placeName, category: 'eat', note: '<p>Fresh fish</p>', address: NEVER_SENT.placeAddress }],
    },
  });
  expect(created.status).toBe(201);
  const { instruction } = (await created.json()) as { instruction: Instruction };
  const content = { ...instruction, boxes: [{ id: 7, title: 'The house', paragraph: STEP, imageUrl: '' }], textGreating: '<p>Welcome to the house!</p>', checkoutSteps: ['Close the door'] };
  const saved = await h.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: content });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return ((await saved.json()) as { instruction: Instruction }).instruction;
}

type Answer = { drafts: Record<string, { text: string; source: string; machine: boolean }>; failed: { key: string; label: string; message: string }[] };

function draft(h: SignedInHost, g: Instruction, lang: string, content: Instruction = g): Promise<Response> {
  const { _id, version, token, ...rest } = content as Instruction & { token: string };
  void version;
  void token;
  return h.call(`/api/instruction/${_id}/translations/${lang}/draft`, { json: { content: rest } });
}

describe.each([
  ['libretranslate', () => libre, '/translate'],
  ['deepl', () => deepl, '/v2/translate'],
] as const)('drafting with %s', (_provider, server, path) => {
  it('drafts every field still to translate, markers kept, secrets never sent', async () => {
    const h = await signedInHost(server(), 'gold');
    const g = await guidebook(h);
    const response = await draft(h, g, 'de');
    expect(response.status, await response.clone().text()).toBe(200);
    const { drafts, failed } = (await response.json()) as Answer;
    expect(failed).toEqual([]);
    expect(Object.keys(drafts).sort()).toEqual(['boxes.7.paragraph', 'boxes.7.title', 'checkoutSteps.0', 'nameInstruction', 'places.31.note', 'textGreating']);
    expect(drafts['boxes.7.paragraph']).toEqual({ text: expect.stringContaining(LOCKBOX_MARKER) as string, source: sourceHash(STEP), machine: true });
    expect(drafts['boxes.7.paragraph']!.text).toContain('Schlüssel');
    expect(drafts['checkoutSteps.0']).toEqual({ text: expect.stringContaining('Tür') as string, source: sourceHash('Close the door'), machine: true });

    const sent = standIn.requests.filter((request) => request.path === path);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(2); // one request per batch: plain text and HTML
    for (const request of sent) {
      // (LibreTranslate's own key travels in its body, as its API wants: not a guidebook secret.)
      for (const secret of Object.values(SECRETS)) expect(request.raw).not.toContain(secret);
      // Names and addresses are not translated, and a place's name is the host's to translate (docs/security.md 35).
      for (const [what, value] of Object.entries(NEVER_SENT)) expect(`${request.raw} ${JSON.stringify(request.body)}`, what).not.toContain(value);
      expect(request.raw).not.toContain('data-marker');
    }
  });

  it('leaves translated fields alone and redrafts out-of-date ones', async () => {
    const h = await signedInHost(server(), 'gold');
    const g = await guidebook(h);
    const translations = {
      de: {
        textGreating: { text: '<p>Hallo!</p>', source: sourceHash(g.textGreating) },
        'checkoutSteps.0': { text: 'Alt', source: sourceHash('an older step') },
      },
    };
    const { drafts } = (await (await draft(h, g, 'de', { ...g, translations })).json()) as Answer;
    expect(drafts.textGreating).toBeUndefined();
    expect(drafts['checkoutSteps.0']?.machine).toBe(true);
    expect(drafts['boxes.7.title']?.text).toContain('Haus');
  });
});

describe('what the draft refuses or reports', () => {
  it('reports a field whose marker came back lost, with its label, and drafts the rest', async () => {
    const h = await signedInHost(libre, 'gold');
    const g = await guidebook(h);
    standIn.tamper = (translated) => dropPlaceholder(translated);
    const { drafts, failed } = (await (await draft(h, g, 'de')).json()) as Answer;
    expect(failed).toEqual([{ key: 'boxes.7.paragraph', label: expect.any(String) as string, message: messages.translate.markersChanged }]);
    expect(drafts['boxes.7.paragraph']).toBeUndefined();
    expect(drafts['boxes.7.title']?.machine).toBe(true);
  });

  it('answers 404 for another host’s guidebook, 400 for the main language or one off the list', async () => {
    const owner = await signedInHost(libre, 'gold');
    const stranger = await signedInHost(libre, 'gold');
    const g = await guidebook(owner);
    const foreign = await draft(stranger, g, 'de');
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { message: string }).message).toEqual(expect.any(String));
    const same = await draft(owner, g, 'en');
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({ message: messages.translate.sameLanguage });
    const unknown = await draft(owner, g, 'xx');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: messages.translate.unknownLanguage });
    expect(standIn.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('refuses a write from another origin', async () => {
    const h = await signedInHost(libre, 'gold');
    const g = await guidebook(h);
    const response = await h.call(`/api/instruction/${g._id}/translations/de/draft`, { json: { content: g }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('limits each host to 20 drafts an hour (429 with a message), others unaffected', async () => {
    const h = await signedInHost(libre, 'gold');
    const g = await guidebook(h);
    for (let index = 0; index < 20; index += 1) expect((await draft(h, g, 'fr')).status).toBe(200);
    const refused = await draft(h, g, 'fr');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many machine drafts/);
    const other = await signedInHost(libre, 'gold');
    expect((await draft(other, await guidebook(other), 'fr')).status).toBe(200);
  });
});

describe('without TRANSLATE_URL', () => {
  it('the route is 404 and /api/users/me does not offer machine drafts', async () => {
    const h = await signedInHost(off, 'gold');
    const g = await guidebook(h);
    const response = await draft(h, g, 'de');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: messages.translate.off });
    const me = (await (await h.call('/api/users/me')).json()) as Record<string, unknown>;
    expect(me).not.toHaveProperty('machineTranslation');
    const on = (await (await (await signedInHost(libre, 'gold')).call('/api/users/me')).json()) as Record<string, unknown>;
    expect(on.machineTranslation).toBe(true);
  });
});
