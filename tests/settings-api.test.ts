import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { DEFAULT_CHANNEL_RULES, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { DEFAULT_SETTINGS, type Settings } from '../src/lib/shared/schemas/settings.ts';
import { query, run, setUserPlan, signedInHost, type Call, type SignedInHost } from './helpers/auth.ts';
import { CONTACT_LINKS, REFUSAL_SAMPLES } from './helpers/contact-fixtures.ts';
import type { TestPlan } from './helpers/plan.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** docs/product.md §3 "User settings", in this order of the settings page. */
const SETTINGS_KEYS = ['textGreating', 'phone', 'whatsapp', 'viber', 'telegram', 'facebook', 'instagram', 'taxiLink', 'rentCarLink', 'foodLink', 'parkingLink', 'selectedHouseRules', 'checkInTime', 'checkOutTime', 'checkoutSteps', 'places', 'extras', 'channelRules'].sort();

const host = (plan: TestPlan = 'free'): Promise<SignedInHost> => signedInHost(server, plan);

async function create(call: Call, body: unknown = {}): Promise<Instruction> {
  const response = await call('/api/instruction', { json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function get(call: Call, id: string): Promise<Instruction> {
  return (await (await call(`/api/instruction/${id}`)).json()) as Instruction;
}

const mine: Settings = {
  textGreating: '<p>Welcome to <strong>Ana’s</strong> place!</p>',
  phone: '+385 91 555 0101',
  whatsapp: 'https://wa.me/385915550101',
  viber: 'viber://chat?number=%2B385915550101',
  telegram: 'https://t.me/ana',
  facebook: 'https://facebook.com/ana',
  instagram: 'https://instagram.com/ana',
  taxiLink: 'https://www.uber.com',
  rentCarLink: 'https://cars.example.com',
  foodLink: 'https://wolt.com',
  parkingLink: 'https://garage.example.com',
  selectedHouseRules: [8, 6, 10],
  checkInTime: '15:00',
  checkOutTime: '10:00',
  checkoutSteps: ['Strip the beds', 'Keys in the box'],
  places: [],
  extras: [],
  channelRules: { ...DEFAULT_CHANNEL_RULES, booking: { extras: 'none', feedback: false } },
};

describe('GET /api/settings', () => {
  it('answers the defaults, with the field names of docs/product.md §3, before anything is saved', async () => {
    const { call } = await host();
    const response = await call('/api/settings');
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Settings;
    expect(Object.keys(settings).sort()).toEqual(SETTINGS_KEYS);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(settings.textGreating.length).toBeGreaterThan(0);
    expect(settings.selectedHouseRules).toEqual([2, 1, 3, 4, 5]);
  });
});

describe('PUT /api/settings', () => {
  it('saves the settings and answers them as stored', async () => {
    const { call } = await host();
    const response = await call('/api/settings', { method: 'PUT', json: { ...mine, textGreating: `${mine.textGreating}<script>alert(1)</script>`, extra: 'dropped' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; settings: Settings };
    expect(body.message).toBe(messages.settings.updated);
    expect(body.settings).toEqual(mine);
    expect(await (await call('/api/settings')).json()).toEqual(mine);
  });

  it('refuses invalid settings with 400 and keeps the saved ones', async () => {
    const { call } = await host();
    await call('/api/settings', { method: 'PUT', json: mine });
    for (const bad of [{ whatsapp: 'javascript:alert(1)' }, { selectedHouseRules: [0] }, { phone: 'x'.repeat(51) }, { textGreating: 5 }]) {
      const response = await call('/api/settings', { method: 'PUT', json: { ...mine, ...bad } });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(await (await call('/api/settings')).json()).toEqual(mine);
  });

  it('fills new guidebooks from the saved settings', async () => {
    const { call } = await host();
    await call('/api/settings', { method: 'PUT', json: mine });
    const instruction = await create(call);
    expect(instruction).toMatchObject(mine);
  });
});

describe('PUT /api/settings/updateExistingInstructions', () => {
  const changed: Settings = {
    textGreating: '<p>New greeting</p>',
    phone: '+1 555 0100',
    whatsapp: 'https://wa.me/15550100',
    viber: '',
    telegram: 'https://t.me/new',
    facebook: 'https://facebook.com/new',
    instagram: 'https://instagram.com/new',
    taxiLink: 'https://taxi.example.com',
    rentCarLink: '',
    foodLink: 'https://food.example.com',
    parkingLink: '',
    selectedHouseRules: [16, 15],
    checkInTime: '16:00',
    checkOutTime: '',
    checkoutSteps: ['Dishwasher on'],
    places: [],
    extras: [],
    channelRules: DEFAULT_CHANNEL_RULES,
  };

  it('copies only the chosen groups into all of the host’s guidebooks, bumping their versions', async () => {
    const { call } = await host('gold');
    await call('/api/settings', { method: 'PUT', json: mine });
    const a = await create(call, { nameInstruction: 'A' });
    const b = await create(call, { nameInstruction: 'B', code: '77' });

    const response = await call('/api/settings/updateExistingInstructions', {
      method: 'PUT',
      json: { dataSettings: changed, applyToExistingInstruction: { greeting: false, houseRules: false, contact: true, socials: true, redirection: false } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: messages.settings.updated,
      updated: 2,
      batchId: expect.any(String),
      summary: 'Phone will change in 2 guidebooks; WhatsApp will change in 2 guidebooks; Telegram will change in 2 guidebooks; Facebook will change in 2 guidebooks; Instagram will change in 2 guidebooks',
    });

    for (const before of [a, b]) {
      const after = await get(call, before._id);
      expect(after.version).toBe(before.version + 1);
      // contact + socials from the new settings, but the empty Viber default leaves the filled one alone …
      expect(after).toMatchObject({ phone: changed.phone, whatsapp: changed.whatsapp, viber: mine.viber, telegram: changed.telegram, facebook: changed.facebook, instagram: changed.instagram });
      // … everything else as it was.
      expect(after).toMatchObject({ textGreating: before.textGreating, selectedHouseRules: before.selectedHouseRules, taxiLink: before.taxiLink, foodLink: before.foodLink, nameInstruction: before.nameInstruction, code: before.code });
    }
    // The settings themselves were saved too.
    expect(await (await call('/api/settings')).json()).toEqual(changed);
  });

  it('applies every group when all toggles are on', async () => {
    const { call } = await host();
    const a = await create(call);
    const response = await call('/api/settings/updateExistingInstructions', {
      method: 'PUT',
      json: { dataSettings: changed, applyToExistingInstruction: { greeting: true, houseRules: true, contact: true, socials: true, redirection: true, checkout: true } },
    });
    expect(((await response.json()) as { updated: number }).updated).toBe(1);
    expect(await get(call, a._id)).toMatchObject(changed);
  });

  it('adds the default places a guidebook lacks (same name and category), keeping its own, and adds nothing when applied again', async () => {
    const { call } = await host();
    const bakery = { id: 10, name: 'Bakery Mlinar', category: 'eat', note: '<p>Burek <img src=x onerror=alert(1)></p>', pick: true };
    const beach = { id: 11, name: 'Bačvice', category: 'beach' };
    const ownPlaces = [{ id: 10, name: 'Konoba Fetivi', category: 'eat' }, { id: 12, name: 'bakery mlinar', category: 'eat' }];
    const withOwn = await create(call, { nameInstruction: 'Has its own', places: ownPlaces });
    const without = await create(call, { nameInstruction: 'Has none' });
    const apply = () =>
      call('/api/settings/updateExistingInstructions', {
        method: 'PUT',
        json: { dataSettings: { ...changed, places: [bakery, beach] }, applyToExistingInstruction: { places: true } },
      });
    const first = await apply();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { updated: number }).updated).toBe(2);
    // The guidebook's own stay first and unchanged; its bakery (any case) is the default one; the beach is added with a free id.
    expect((await get(call, withOwn._id)).places.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 10, name: 'Konoba Fetivi' },
      { id: 12, name: 'bakery mlinar' },
      { id: 11, name: 'Bačvice' },
    ]);
    const added = (await get(call, without._id)).places;
    expect(added.map(({ id, name, pick }) => ({ id, name, pick }))).toEqual([
      { id: 10, name: 'Bakery Mlinar', pick: true },
      { id: 11, name: 'Bačvice', pick: false },
    ]);
    expect(added[0]!.note).toContain('Burek');
    expect(added[0]!.note).not.toMatch(/<img|onerror/);
    // Applied again: nothing to add, no guidebook written.
    expect(((await (await apply()).json()) as { updated: number }).updated).toBe(0);
  });

  it('adds the default extras a guidebook lacks (an item by title and kind; one late check-out at most), keeping its own', async () => {
    const { call } = await host();
    const basket = { id: 20, title: 'Breakfast basket', price: 1800, description: '<p>Bread <img src=x onerror=alert(1)></p>' };
    const late = { id: 21, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00' };
    const own = [{ id: 20, kind: 'late-checkout', title: 'Stay longer', price: 3000, lateCheckoutUntil: '13:00' }, { id: 22, title: 'breakfast BASKET', price: 2000 }];
    const withOwn = await create(call, { nameInstruction: 'Has its own', extras: own });
    const without = await create(call, { nameInstruction: 'Has none' });
    const apply = () =>
      call('/api/settings/updateExistingInstructions', {
        method: 'PUT',
        json: { dataSettings: { ...changed, extras: [basket, late] }, applyToExistingInstruction: { extras: true } },
      });
    const first = await apply();
    expect(first.status).toBe(200);
    // Only the guidebook without extras changes: the other has a basket and a late check-out of its own.
    expect(((await first.json()) as { updated: number }).updated).toBe(1);
    expect((await get(call, withOwn._id)).extras.map(({ id, title, price }) => ({ id, title, price }))).toEqual([
      { id: 20, title: 'Stay longer', price: 3000 },
      { id: 22, title: 'breakfast BASKET', price: 2000 },
    ]);
    const added = (await get(call, without._id)).extras;
    expect(added.map(({ id, title, kind }) => ({ id, title, kind }))).toEqual([
      { id: 20, title: 'Breakfast basket', kind: 'item' },
      { id: 21, title: 'Late check-out', kind: 'late-checkout' },
    ]);
    expect(added[0]!.description).not.toMatch(/<img|onerror/);
    expect(((await (await apply()).json()) as { updated: number }).updated).toBe(0);
  });

  it('refuses a default place photo that is another host’s upload', async () => {
    const { call } = await host();
    const other = await host();
    const foreign = `/media/u/${other.id}/${'b'.repeat(21)}.webp`;
    const response = await call('/api/settings', { method: 'PUT', json: { ...mine, places: [{ id: 1, name: 'Bakery', imageUrl: foreign }] } });
    expect(response.status).toBe(422);
    expect((await (await call('/api/settings')).json()) as Settings).toMatchObject({ places: [] });
  });

  it('touches only the owner’s guidebooks', async () => {
    const owner = await host();
    const other = await host();
    const theirs = await create(other.call);
    await create(owner.call);
    const before = query(server, 'SELECT data, version, updated_at FROM instructions WHERE id = ?', theirs._id);
    const response = await owner.call('/api/settings/updateExistingInstructions', {
      method: 'PUT',
      json: { dataSettings: changed, applyToExistingInstruction: { greeting: true, houseRules: true, contact: true, socials: true, redirection: true } },
    });
    expect(((await response.json()) as { updated: number }).updated).toBe(1);
    expect(query(server, 'SELECT data, version, updated_at FROM instructions WHERE id = ?', theirs._id)).toEqual(before);
    expect(await (await other.call('/api/settings')).json()).toEqual(DEFAULT_SETTINGS);
  });

  it('an editor open before the change gets a 409 instead of undoing it', async () => {
    const { call } = await host();
    const open = await create(call);
    await call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: changed, applyToExistingInstruction: { contact: true } } });
    const stale = await call(`/api/instruction/${open._id}`, { method: 'PUT', json: { ...open, nameInstruction: 'Edited' } });
    expect(stale.status).toBe(409);
    expect((await get(call, open._id)).phone).toBe(changed.phone);
  });

  it('without a plan, leaves the guidebooks made on a paid plan alone', async () => {
    const h = await host('gold');
    const paid = await create(h.call);
    setUserPlan(server, h.id, 'free');
    const free = await create(h.call);
    const response = await h.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: changed, applyToExistingInstruction: { contact: true } } });
    expect(((await response.json()) as { updated: number }).updated).toBe(1);
    expect((await get(h.call, free._id)).phone).toBe(changed.phone);
    expect(await get(h.call, paid._id)).toEqual(paid);
  });

  it('with no toggle on, saves the settings and changes no guidebook', async () => {
    const { call } = await host();
    const a = await create(call);
    const response = await call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: changed, applyToExistingInstruction: {} } });
    expect(await response.json()).toEqual({ message: messages.settings.updated, updated: 0, batchId: null, summary: '' });
    expect(await get(call, a._id)).toEqual(a);
    expect(await (await call('/api/settings')).json()).toEqual(changed);
  });

  it('refuses a body without the toggles or with bad settings, and changes nothing', async () => {
    const { call } = await host();
    const a = await create(call);
    for (const body of [{ dataSettings: changed }, { dataSettings: { ...changed, facebook: 'javascript:alert(1)' }, applyToExistingInstruction: { socials: true } }, { applyToExistingInstruction: { socials: true } }]) {
      const response = await call('/api/settings/updateExistingInstructions', { method: 'PUT', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await get(call, a._id)).toEqual(a);
    expect(await (await call('/api/settings')).json()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('contact fields as hosts type them', () => {
  const typed = { whatsapp: '+385 91 555 0101', viber: '+385 91 555 0101', telegram: 't.me/ana_host', facebook: '@seaside.cottage', instagram: 'seaside_loft' };
  const links = CONTACT_LINKS;

  it('a save with a typed number stores the link; GET and new guidebooks answer it', async () => {
    const { call } = await host();
    const response = await call('/api/settings', { method: 'PUT', json: { ...mine, ...typed } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { settings: Settings }).settings).toEqual({ ...mine, ...links });
    expect(await (await call('/api/settings')).json()).toEqual({ ...mine, ...links });
    expect(await create(call)).toMatchObject(links);
  });

  it('a bad value answers 400 with its message and nothing changes', async () => {
    const { call } = await host();
    await call('/api/settings', { method: 'PUT', json: mine });
    for (const [field, value, message] of REFUSAL_SAMPLES) {
      const response = await call('/api/settings', { method: 'PUT', json: { ...mine, [field]: value } });
      expect(response.status, `${field} = ${value}`).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    expect(await (await call('/api/settings')).json()).toEqual(mine);
  });

  it('an older client’s links still work', async () => {
    const { call } = await host();
    const response = await call('/api/settings', {
      method: 'PUT',
      json: { ...mine, whatsapp: 'https://api.whatsapp.com/send?phone=385915550101', telegram: 'https://telegram.me/ana_host', instagram: 'instagram.com/ana' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { settings: Settings }).settings).toMatchObject({ whatsapp: links.whatsapp, telegram: links.telegram, instagram: 'https://instagram.com/ana' });
  });

  it('applying typed values to existing guidebooks copies the links', async () => {
    const { call } = await host();
    const a = await create(call);
    const response = await call('/api/settings/updateExistingInstructions', {
      method: 'PUT',
      json: { dataSettings: { ...mine, ...typed }, applyToExistingInstruction: { contact: true, socials: true } },
    });
    expect(response.status).toBe(200);
    expect(await get(call, a._id)).toMatchObject(links);
  });

  it('a link saved before today’s rules falls back alone: the rest of the settings stay', async () => {
    const { id, call } = await host();
    await call('/api/settings', { method: 'PUT', json: mine });
    const stored = { ...mine, whatsapp: 'https://wa.link/abc123' };
    run(server, 'UPDATE team_settings SET data = ? WHERE team_id = ?', JSON.stringify(stored), id);
    expect(await (await call('/api/settings')).json()).toEqual({ ...mine, whatsapp: '' });
  });
});
