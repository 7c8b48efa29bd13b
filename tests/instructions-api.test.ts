import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from '../src/lib/shared/demo.ts';
import { DEFAULT_HOUSE_RULES } from '../src/lib/shared/house-rules.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { DEFAULT_INSTRUCTION_NAME, instructionContentSchema, LOCKBOX_MARKER, MAX_BOXES, MAX_PLACES, MAX_TEXT, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { DEFAULT_WELCOME_MESSAGE } from '../src/lib/shared/schemas/settings.ts';
import { createUser, login, query, run, setUserPlan, withCookie } from './helpers/auth.ts';
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

/** docs/product.md §3 field names an owner's instruction answers with (plus version and updatedAt). */
const INSTRUCTION_KEYS = [
  '_id', 'nameInstruction', 'address', 'addressUrl', 'code', 'token', 'isFree', 'boxes', 'manualBoxes', 'phone', 'whatsapp', 'viber',
  'telegram', 'facebook', 'instagram', 'wifiName', 'wifiPassword', 'wifiSecurity', 'selectedHouseRules', 'textGreating', 'photoGreating',
  'hostName', 'selectedTheme', 'taxiLink', 'rentCarLink', 'foodLink', 'parkingLink', 'brandingTitle', 'version', 'updatedAt',
  // The cover photo, the secrets policy and the time zone stays are written in.
  'coverImage', 'secretsPolicy', 'secretsPin', 'revealHoursBefore', 'timeZone',
  // The usual check-in and check-out times and the check-out list.
  'checkInTime', 'checkOutTime', 'checkoutSteps',
  // The reminder before arrival to guests who have not opened their stay link (off by default).
  'arrivalReminder',
  // The mails to guests of a booking system's stays (docs/decisions/029 §9).
  'pmsGuestMail',
  // The host's recommendations nearby, and what guests can buy or ask for.
  'places',
  'extras',
  'extrasOnPublicLink',
  // What each booking channel's guests are offered (docs/decisions/028 §10).
  'channelRules',
  // Until when wrong PINs stopped PIN checks on the guidebook link (null while they run).
  'pinGuessingStoppedUntil',
  // The language it is written in and its translations (docs/decisions/021).
  'language',
  'translations',
].sort();

interface Host {
  id: string;
  name: string;
  cookie: string;
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

async function host(plan: TestPlan = 'free', picture = ''): Promise<Host> {
  const user = await createUser(server);
  setUserPlan(server, user.id, plan);
  run(server, 'UPDATE users SET picture = ? WHERE id = ?', picture, user.id);
  const cookie = await login(server, user.email, user.password);
  return {
    id: user.id,
    name: user.name,
    cookie,
    call: (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) }),
  };
}

async function create(h: Host, body?: unknown): Promise<Instruction> {
  const response = await h.call('/api/instruction', body === undefined ? { method: 'POST' } : { json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function save(h: Host, instruction: Record<string, unknown>): Promise<Response> {
  return h.call(`/api/instruction/${String(instruction._id)}`, { method: 'PUT', json: instruction });
}

function steps(count: number): Array<{ id: number; title: string; paragraph: string; imageUrl: string }> {
  return Array.from({ length: count }, (_, i) => ({
    id: 1735689600000 + i,
    title: `Step ${i + 1}`,
    paragraph: `<p>Walk to door ${i + 1}, then <strong>turn left</strong>. Code: ${LOCKBOX_MARKER}</p>`,
    imageUrl: `/media/steps/step-${i + 1}.webp`,
  }));
}

describe('POST /api/instruction (create)', () => {
  it('fills a new guidebook from the defaults, the host picture and name', async () => {
    const h = await host('free', '/media/avatars/ana.webp');
    const response = await h.call('/api/instruction', { method: 'POST' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; instruction: Instruction };
    expect(body.message).toBe(messages.instruction.created);
    const instruction = body.instruction;
    expect(Object.keys(instruction).sort()).toEqual(INSTRUCTION_KEYS);
    expect(instruction).toMatchObject({
      nameInstruction: DEFAULT_INSTRUCTION_NAME,
      selectedHouseRules: [...DEFAULT_HOUSE_RULES],
      selectedTheme: '#fff',
      wifiSecurity: 'WPA',
      textGreating: DEFAULT_WELCOME_MESSAGE,
      photoGreating: '/media/avatars/ana.webp',
      hostName: h.name,
      isFree: true,
      version: 1,
      boxes: [],
      manualBoxes: [],
    });
    expect(instruction.token).toMatch(/^[\w-]{21}$/);
    expect(new Date(instruction.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes a partial body over the defaults and drops unknown fields', async () => {
    const h = await host();
    const instruction = await create(h, { nameInstruction: '  Loft by the river ', selectedTheme: '#4a90e2', isFree: false, token: 'mine', evil: 1 });
    expect(instruction.nameInstruction).toBe('Loft by the river');
    expect(instruction.selectedTheme).toBe('#4a90e2');
    expect(instruction.isFree).toBe(true);
    expect(instruction.token).not.toBe('mine');
    expect(instruction).not.toHaveProperty('evil');
  });

  it('refuses an invalid partial body with 400 and a message', async () => {
    const h = await host();
    const response = await h.call('/api/instruction', { json: { selectedTheme: '#000' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Choose one of the themes.' });
    expect(query(server, 'SELECT id FROM instructions WHERE user_id = ?', h.id)).toHaveLength(0);
  });
});

describe('GET /api/instruction and /api/instruction/:id', () => {
  it('lists only the host’s own guidebooks, newest first', async () => {
    const h = await host();
    const other = await host();
    await create(other);
    const first = await create(h, { nameInstruction: 'First' });
    const second = await create(h, { nameInstruction: 'Second' });
    const response = await h.call('/api/instruction');
    expect(response.status).toBe(200);
    const list = (await response.json()) as Instruction[];
    expect(list.map((item) => item._id)).toEqual([second._id, first._id]);
    expect(Object.keys(list[0]!).sort()).toEqual(INSTRUCTION_KEYS);

    const one = await h.call(`/api/instruction/${first._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(first);
  });

  it('answers 404 for an unknown id', async () => {
    const h = await host();
    const response = await h.call('/api/instruction/no-such-id');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: messages.instruction.notFound });
  });
});

describe('PUT /api/instruction/:id (save)', () => {
  it('saves the whole guidebook, keeps step ids and bumps the version', async () => {
    const h = await host();
    const created = await create(h);
    const edited = {
      ...created,
      nameInstruction: 'Seaside Cottage',
      address: 'Obala 12, Split',
      addressUrl: 'https://maps.google.com/?q=43.5,16.4',
      code: '4821',
      boxes: steps(30),
      manualBoxes: [{ id: 1, paragraph: '<p>Beach is 4 minutes away.</p>', imageUrl: '/media/extra/beach.webp' }],
      phone: '+385 91 555 0101',
      whatsapp: 'https://wa.me/385915550101',
      viber: 'viber://chat?number=%2B385915550101',
      telegram: 'https://t.me/ana',
      facebook: 'facebook.com/seaside',
      instagram: 'https://instagram.com/seaside',
      wifiName: 'Seaside',
      wifiPassword: 'sunny days',
      wifiSecurity: 'WEP',
      selectedHouseRules: [8, 10, 8, 16],
      selectedTheme: '#d94f7b',
      taxiLink: 'https://www.uber.com',
      firstColor: '#ffffff',
      isSinglePage: true,
      // Ignored: identity, link, plan and version fields are the server's.
      _id: 'other-id',
      token: 'chosen-token',
      isFree: false,
      user: 'someone-else',
      unknownField: '<script>',
    };
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'PUT', json: edited });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; instruction: Instruction & Record<string, unknown> };
    expect(body.message).toBe(messages.instruction.updated);
    const saved = body.instruction;
    expect(saved._id).toBe(created._id);
    expect(saved.token).toBe(created.token);
    expect(saved.isFree).toBe(true);
    expect(saved.version).toBe(2);
    expect(saved).not.toHaveProperty('user');
    expect(saved).not.toHaveProperty('unknownField');
    expect(saved.boxes.map((box) => box.id)).toEqual(edited.boxes.map((box) => box.id));
    expect(saved.boxes[0]).toEqual(edited.boxes[0]);
    expect(saved.facebook).toBe('https://facebook.com/seaside');
    expect(saved.selectedHouseRules).toEqual([8, 10, 16]);
    expect(saved).toMatchObject({ firstColor: '#ffffff', isSinglePage: true, wifiSecurity: 'WEP', selectedTheme: '#d94f7b', code: '4821' });

    const stored = query<{ data: string; version: number }>(server, 'SELECT data, version FROM instructions WHERE id = ?', created._id)[0]!;
    expect(stored.version).toBe(2);
    expect(JSON.parse(stored.data)).not.toHaveProperty('user');
    expect(await (await h.call(`/api/instruction/${created._id}`)).json()).toEqual(saved);
  });

  it('says in Server-Timing where the save’s time went, phase by phase, with durations only', async () => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, nameInstruction: 'Timed save' });
    expect(response.status).toBe(200);
    const phases = [...(response.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=(\d+\.\d+)(?:, |$)/g)].map(([, name]) => name);
    // docs/performance.md "Where a save's time goes" names these, in the order they run.
    expect(phases).toEqual(['body', 'read', 'currency', 'clean', 'update', 'revision', 'commit', 'publish', 'answer']);
  });

  it('answers 409 to a save made from an older version and keeps the newer work', async () => {
    const h = await host();
    const created = await create(h);
    // Two tabs load version 1; the first saves, the second must not overwrite it.
    const first = await save(h, { ...created, nameInstruction: 'Saved in tab one' });
    expect(first.status).toBe(200);
    const stale = await save(h, { ...created, nameInstruction: 'Saved in tab two' });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: messages.instruction.staleVersion });
    const current = (await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction;
    expect(current.nameInstruction).toBe('Saved in tab one');
    expect(current.version).toBe(2);
    // After reloading, the second tab saves fine.
    expect((await save(h, { ...current, nameInstruction: 'Tab two after reload' })).status).toBe(200);
  });

  it('needs the version it edited', async () => {
    const h = await host();
    const { version: _version, ...created } = await create(h);
    const response = await save(h, created);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/version/);
  });

  it.each([
    ['a name over the limit', { nameInstruction: 'x'.repeat(MAX_TEXT + 1) }, `The name can be at most ${MAX_TEXT} characters.`],
    ['too many steps', { boxes: steps(MAX_BOXES + 1) }, `A guidebook can have at most ${MAX_BOXES} check-in steps.`],
    ['two steps with one id', { boxes: [{ id: 5 }, { id: 5 }] }, 'Two check-in steps have the same id.'],
    ['a step without an id', { boxes: [{ title: 'x' }] }, 'Each step needs a numeric id.'],
    ['an unknown theme', { selectedTheme: 'red' }, 'Choose one of the themes.'],
    ['a house rule that does not exist', { selectedHouseRules: [1, 17] }, undefined],
    ['a javascript: map link', { addressUrl: 'javascript:alert(1)' }, undefined],
    ['an image from elsewhere', { photoGreating: 'https://evil.example/x.png' }, 'The host picture must be an uploaded image.'],
    ['a Wi-Fi security type that does not exist', { wifiSecurity: 'WPA3' }, 'Wi-Fi security must be WPA, WEP or none.'],
    ['a welcome text over the limit', { textGreating: 'x'.repeat(10_001) }, undefined],
    ['a non-object body', [], undefined],
  ])('refuses %s with 400', async (_label, change, message) => {
    const h = await host();
    const created = await create(h);
    const body = Array.isArray(change) ? change : { ...created, ...change };
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'PUT', json: body });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string };
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message.length).toBeGreaterThan(0);
    expect(query<{ version: number }>(server, 'SELECT version FROM instructions WHERE id = ?', created._id)[0]!.version).toBe(1);
  });

  it('turns line breaks in single-line fields into spaces', async () => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, wifiName: 'Sea\nside', hostName: ' Ana\t ' });
    const { instruction } = (await response.json()) as { instruction: Instruction };
    expect(instruction.wifiName).toBe('Sea side');
    expect(instruction.hostName).toBe('Ana');
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['line breaks and tabs', '\n\t '],
  ])('refuses a name that is %s with 400 and the field’s message', async (_label, nameInstruction) => {
    const h = await host();
    const created = await create(h, { nameInstruction: 'Named Loft' });
    const response = await save(h, { ...created, nameInstruction });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.instruction.nameRequired });
    expect(messages.instruction.nameRequired).toBe('Give the guidebook a name.');
    const stored = (await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction;
    expect(stored).toMatchObject({ nameInstruction: 'Named Loft', version: 1 });
    // A new guidebook may leave the name out (it gets the default), not send it empty.
    const post = await h.call('/api/instruction', { json: { nameInstruction } });
    expect(post.status).toBe(400);
    expect(await post.json()).toEqual({ message: messages.instruction.nameRequired });
  });

  it('still reads, lists, duplicates and renders a guidebook stored with an empty name before names were required', async () => {
    const h = await host('gold');
    const created = await create(h, { nameInstruction: 'Soon Nameless' });
    const [row] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', created._id);
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...JSON.parse(row!.data), nameInstruction: '' }), created._id);

    const one = await h.call(`/api/instruction/${created._id}`);
    expect(one.status).toBe(200);
    const read = (await one.json()) as Instruction;
    expect(read.nameInstruction).toBe('');
    const list = (await (await h.call('/api/instruction')).json()) as Instruction[];
    expect(list.find((item) => item._id === created._id)?.nameInstruction).toBe('');
    const page = await server.request(`/instruction/${created.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const copy = await h.call(`/api/instruction/${created._id}`, { method: 'POST' });
    expect(copy.status).toBe(201);
    // Saving it needs a name now.
    expect((await save(h, read)).status).toBe(400);
    expect((await save(h, { ...read, nameInstruction: 'Named at last' })).status).toBe(200);
  });
});

describe('POST /api/instruction/:id (duplicate)', () => {
  it('copies the content under a new id and a new link', async () => {
    const h = await host();
    const created = await create(h);
    const { instruction: saved } = (await (await save(h, { ...created, nameInstruction: 'Original', boxes: steps(3), code: '11' })).json()) as { instruction: Instruction };
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'POST' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; instruction: Instruction };
    expect(body.message).toBe(messages.instruction.duplicated);
    const copy = body.instruction;
    expect(copy._id).not.toBe(saved._id);
    expect(copy.token).not.toBe(saved.token);
    expect(copy.token).toMatch(/^[\w-]{21}$/);
    expect(copy.version).toBe(1);
    const { _id: _a, token: _b, version: _c, updatedAt: _d, ...copyContent } = copy;
    const { _id: _e, token: _f, version: _g, updatedAt: _h, ...savedContent } = saved;
    expect(copyContent).toEqual({ ...savedContent, nameInstruction: 'Copy of Original' });
    expect((await (await h.call('/api/instruction')).json()) as Instruction[]).toHaveLength(2);
  });

  async function duplicate(h: Host, id: string): Promise<string> {
    const response = await h.call(`/api/instruction/${id}`, { method: 'POST' });
    expect(response.status).toBe(201);
    return ((await response.json()) as { instruction: Instruction }).instruction.nameInstruction;
  }

  it('names the copy "Copy of …", then "Copy of … (2)", "(3)" while the name is taken among the host\'s guidebooks', async () => {
    const h = await host('gold');
    const original = await create(h, { nameInstruction: 'Harbour Loft' });
    expect(await duplicate(h, original._id)).toBe('Copy of Harbour Loft');
    expect(await duplicate(h, original._id)).toBe('Copy of Harbour Loft (2)');
    expect(await duplicate(h, original._id)).toBe('Copy of Harbour Loft (3)');

    // Another host's names do not count.
    const other = await host('gold');
    const theirs = await create(other, { nameInstruction: 'Harbour Loft' });
    expect(await duplicate(other, theirs._id)).toBe('Copy of Harbour Loft');
  });

  it('keeps the name within the limit by shortening the original part, never splitting a character', async () => {
    const h = await host('gold');
    // 1 + 99 × 2 + 1 UTF-16 units: cutting at a fixed length would split a house in two.
    const long = await create(h, { nameInstruction: `a${'🏠'.repeat(99)}b` });
    expect(long.nameInstruction.length).toBe(MAX_TEXT);
    const first = await duplicate(h, long._id);
    expect(first).toBe(`Copy of a${'🏠'.repeat(95)}`);
    const second = await duplicate(h, long._id);
    expect(second).toBe(`Copy of a${'🏠'.repeat(93)} (2)`);
    for (const name of [first, second]) {
      expect(name.length).toBeLessThanOrEqual(MAX_TEXT);
      expect(name.isWellFormed()).toBe(true);
    }
    // Saved back unchanged: the name passes the schema's limit.
    const copies = (await (await h.call('/api/instruction')).json()) as Instruction[];
    const copy = copies.find((item) => item.nameInstruction === second)!;
    expect((await save(h, copy)).status).toBe(200);
  });
});

describe('PATCH /api/instruction/:id (code)', () => {
  it('replaces the code alone and bumps the version', async () => {
    const h = await host();
    const created = await create(h, { code: '1234', nameInstruction: 'Kept' });
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'PATCH', json: { code: ' 9876 ' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; instruction: Instruction };
    expect(body.message).toBe(messages.instruction.codeChanged);
    expect(body.instruction).toMatchObject({ code: '9876', nameInstruction: 'Kept', version: 2 });
    // An editor still at version 1 must reload rather than write the old code back.
    expect((await save(h, created)).status).toBe(409);
  });

  it('allows an empty code and refuses a missing one', async () => {
    const h = await host();
    const created = await create(h, { code: '1234' });
    const empty = await h.call(`/api/instruction/${created._id}`, { method: 'PATCH', json: { code: '' } });
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { instruction: Instruction }).instruction.code).toBe('');
    const missing = await h.call(`/api/instruction/${created._id}`, { method: 'PATCH', json: {} });
    expect(missing.status).toBe(400);
    const tooLong = await h.call(`/api/instruction/${created._id}`, { method: 'PATCH', json: { code: 'x'.repeat(MAX_TEXT + 1) } });
    expect(tooLong.status).toBe(400);
  });
});

describe('preview links', () => {
  it('GET /api/instruction/preview/:token is public and shows only what guests see', async () => {
    const h = await host();
    const created = await create(h, { nameInstruction: 'Guest view', brandingTitle: 'Ana’s Stays', wifiPassword: 'pw' });
    const response = await server.request(`/api/instruction/preview/${created.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const guest = (await response.json()) as Record<string, unknown>;
    expect(guest).toMatchObject({ nameInstruction: 'Guest view', wifiPassword: 'pw', token: created.token, user: h.id, premium: false, brandingTitle: '' });
    for (const key of ['_id', 'isFree', 'version', 'updatedAt']) expect(guest).not.toHaveProperty(key);
  });

  it('shows the branding title of a premium owner and says premium', async () => {
    const h = await host('premium');
    const created = await create(h, { brandingTitle: 'Ana’s Stays' });
    const guest = (await (await server.request(`/api/instruction/preview/${created.token}`)).json()) as Record<string, unknown>;
    expect(guest).toMatchObject({ premium: true, brandingTitle: 'Ana’s Stays' });
  });

  it('PATCH /api/instruction/preview/:token gives a new link and the old one answers 404 at once', async () => {
    const h = await host();
    const created = await create(h);
    const response = await h.call(`/api/instruction/preview/${created.token}`, { method: 'PATCH' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; instruction: Instruction };
    expect(body.message).toBe(messages.instruction.linkUpdated);
    expect(body.instruction.token).toMatch(/^[\w-]{21}$/);
    expect(body.instruction.token).not.toBe(created.token);
    expect(body.instruction._id).toBe(created._id);

    const old = await server.request(`/api/instruction/preview/${created.token}`);
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ message: messages.instruction.notFound });
    expect((await server.request(`/api/instruction/preview/${body.instruction.token}`)).status).toBe(200);
    // The old token cannot be regenerated again either.
    expect((await h.call(`/api/instruction/preview/${created.token}`, { method: 'PATCH' })).status).toBe(404);
  });

  it('answers 404 for tokens that are not ours', async () => {
    for (const token of ['nope', 'a'.repeat(65), '%00', '..']) {
      expect((await server.request(`/api/instruction/preview/${token}`)).status).not.toBe(200);
    }
  });

  it('serves the demo guidebook, which validates against the shared schema as stored', async () => {
    const response = await server.request(`/api/instruction/preview/${DEMO_TOKEN}`);
    expect(response.status).toBe(200);
    const { token: _t, user: _u, premium, gatedSecrets, ...content } = (await response.json()) as Record<string, unknown>;
    expect(premium).toBe(false);
    expect(gatedSecrets).toBeNull();
    expect(instructionContentSchema.parse(content)).toEqual(content);
  });
});

describe('DELETE /api/instruction/:id', () => {
  it('deletes the guidebook and its link', async () => {
    const h = await host();
    const created = await create(h);
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.instruction.deleted });
    expect((await h.call(`/api/instruction/${created._id}`)).status).toBe(404);
    expect((await server.request(`/api/instruction/preview/${created.token}`)).status).toBe(404);
    expect((await h.call(`/api/instruction/${created._id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('what the guidebook API says', () => {
  /** Hosts read each answer's message in a toast or an alert: the object is a guidebook (docs/product.md §8). */
  const WRONG_WORDS = /\b(?:instructions?|products?)\b/i;

  it('every answer of create, save, stale save, duplicate, delete, not found and the Free limit says guidebook', async () => {
    const h = await host();
    const answers: Array<[string, Response]> = [];
    const created = await h.call('/api/instruction', { json: { nameInstruction: 'Words Flat' } });
    answers.push(['create', created]);
    const made = ((await created.clone().json()) as { instruction: Instruction }).instruction;
    answers.push(['save', await save(h, { ...made, code: '1' })]);
    answers.push(['stale save', await save(h, { ...made, code: '2' })]);
    answers.push(['duplicate', await h.call(`/api/instruction/${made._id}`, { method: 'POST' })]);
    answers.push(['create the third', await h.call('/api/instruction', { method: 'POST' })]);
    answers.push(['a fourth on Free', await h.call('/api/instruction', { method: 'POST' })]);
    answers.push(['delete', await h.call(`/api/instruction/${made._id}`, { method: 'DELETE' })]);
    answers.push(['not found', await h.call(`/api/instruction/${made._id}`)]);

    const said = await Promise.all(answers.map(async ([what, response]) => [what, response.status, ((await response.json()) as { message: string }).message] as const));
    expect(said).toEqual([
      ['create', 201, messages.instruction.created],
      ['save', 200, messages.instruction.updated],
      ['stale save', 409, messages.instruction.staleVersion],
      ['duplicate', 201, messages.instruction.duplicated],
      ['create the third', 201, messages.instruction.created],
      ['a fourth on Free', 403, messages.instruction.outOfFree],
      ['delete', 200, messages.instruction.deleted],
      ['not found', 404, messages.instruction.notFound],
    ]);
    expect(said.filter(([, , message]) => WRONG_WORDS.test(message))).toEqual([]);
    expect(said.map(([, , message]) => message).slice(0, 2)).toEqual(['Guidebook created', 'Guidebook saved']);
  });
});

describe('a 30-step guidebook with images', () => {
  it('round-trips unchanged through save and load', async () => {
    const h = await host();
    const created = await create(h);
    const boxes = steps(30);
    const manualBoxes = steps(10).map(({ id, paragraph, imageUrl }) => ({ id, paragraph, imageUrl }));
    const { instruction } = (await (await save(h, { ...created, boxes, manualBoxes })).json()) as { instruction: Instruction };
    expect(instruction.boxes).toEqual(boxes);
    expect(instruction.manualBoxes).toEqual(manualBoxes);
    // Saving what was loaded changes nothing but the version: the stored HTML is stable.
    const again = (await (await save(h, instruction)).json()) as { instruction: Instruction };
    expect(again.instruction.boxes).toEqual(boxes);
    expect(again.instruction.version).toBe(3);
  });
});

describe('contact fields as hosts type them', () => {
  const typed = {
    whatsapp: '+385 91 555-0101',
    viber: '00385 91 555 0101',
    telegram: '@ana_host',
    facebook: 'seaside.cottage',
    instagram: '@seaside_loft',
  };
  const links = CONTACT_LINKS;

  it('a save with typed numbers and handles stores their links, and GET answers them', async () => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, ...typed });
    expect(response.status).toBe(200);
    const saved = ((await response.json()) as { instruction: Instruction }).instruction;
    expect(saved).toMatchObject(links);
    expect(await (await h.call(`/api/instruction/${created._id}`)).json()).toEqual(saved);
    // The guest's copy has the links too.
    expect(await (await server.request(`/api/instruction/preview/${created.token}`)).json()).toMatchObject(links);
  });

  it('a new guidebook takes typed values too', async () => {
    const h = await host();
    expect(await create(h, typed)).toMatchObject(links);
  });

  it.each(REFUSAL_SAMPLES)('refuses %s %j with 400 and its message; nothing changes', async (field, value, message) => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, [field]: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await (await h.call(`/api/instruction/${created._id}`)).json()).toEqual(created);
  });

  it('an older client that sends links keeps working', async () => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, {
      ...created,
      whatsapp: 'https://api.whatsapp.com/send?phone=385915550101',
      viber: links.viber,
      telegram: 'https://t.me/ana',
      facebook: 'https://facebook.com/seaside',
      instagram: 'http://www.instagram.com/seaside_loft',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { instruction: Instruction }).instruction).toMatchObject({
      whatsapp: links.whatsapp,
      viber: links.viber,
      telegram: 'https://t.me/ana',
      facebook: 'https://facebook.com/seaside',
      instagram: links.instagram,
    });
  });
});

describe('places (recommendations) in PUT /api/instruction/:id', () => {
  const bakery = {
    id: 1735689600001,
    name: 'Bakery Mlinar',
    category: 'eat',
    note: '<p>Warm <strong>burek</strong> from 6 am.</p>',
    mapUrl: 'https://maps.google.com/?q=43.5085,16.4390',
    lat: 43.5085,
    lng: 16.439,
    address: 'Marmontova 2, Split',
    website: 'https://mlinar.hr',
    phone: '+385 21 555 010',
    imageUrl: '',
    pick: true,
  };

  it('round-trips places in their order, a missing field taking its default', async () => {
    const h = await host();
    const created = await create(h);
    const places = [bakery, { id: 2, name: 'Bačvice beach' }, { id: 3, name: 'Diocletian\'s Palace', category: 'see', lat: 43.5081, lng: 16.4402 }];
    const response = await save(h, { ...created, places });
    expect(response.status).toBe(200);
    const { instruction } = (await response.json()) as { instruction: Instruction };
    expect(instruction.places.map((place) => place.name)).toEqual(['Bakery Mlinar', 'Bačvice beach', 'Diocletian\'s Palace']);
    expect(instruction.places[0]).toEqual(bakery);
    expect(instruction.places[1]).toEqual({ id: 2, name: 'Bačvice beach', category: 'other', note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false });
    const read = (await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction;
    expect(read.places).toEqual(instruction.places);
  });

  it.each([
    ['a website that is not a link', { website: 'javascript:alert(1)' }, 'Place 2 (Bakery Mlinar): the website must be a link starting with http://, https://.'],
    ['an empty name', { name: '  ' }, 'Place 2: the name is required.'],
    ['an unknown category', { category: 'pub' }, 'Place 2 (Bakery Mlinar): choose one of the categories.'],
    ['a latitude off the globe', { lat: 91 }, 'Place 2 (Bakery Mlinar): the latitude must be between -90 and 90.'],
    ['a note of more than 1,000 characters', { note: `<p>${'a'.repeat(1001)}</p>` }, 'Place 2 (Bakery Mlinar): the note can be at most 1,000 characters.'],
    ['a photo that is not an upload', { imageUrl: 'https://elsewhere.example/x.jpg' }, 'Place 2 (Bakery Mlinar): a place photo must be an uploaded image.'],
    ['a favourite that is not true or false', { pick: 'yes' }, 'Place 2 (Bakery Mlinar): a favourite is true or false.'],
  ])('answers 400 for %s, naming the place, and saves nothing', async (_what, change, message) => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, nameInstruction: 'Not saved', places: [{ id: 1, name: 'Riva' }, { ...bakery, ...change }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    const read = (await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction;
    expect(read).toMatchObject({ version: created.version, nameInstruction: created.nameInstruction, places: [] });
  });

  it(`takes at most ${MAX_PLACES} places, each id once`, async () => {
    const h = await host();
    const created = await create(h);
    const many = Array.from({ length: MAX_PLACES + 1 }, (_, i) => ({ id: i + 1, name: `Place ${i + 1}` }));
    expect(await (await save(h, { ...created, places: many })).json()).toEqual({ message: `A guidebook can have at most ${MAX_PLACES} places.` });
    expect(await (await save(h, { ...created, places: [{ id: 7, name: 'A' }, { id: 7, name: 'B' }] })).json()).toEqual({ message: 'Two places have the same id.' });
    expect((await save(h, { ...created, places: many.slice(0, MAX_PLACES) })).status).toBe(200);
  });
});

describe('extras in PUT /api/instruction/:id', () => {
  const lateCheckout = {
    id: 1735689600001,
    kind: 'late-checkout',
    title: 'Late check-out',
    description: '<p>Stay until <strong>2 pm</strong>.</p>',
    price: 2500,
    currency: 'eur',
    imageUrl: '',
    approval: 'host',
    active: true,
    lateCheckoutUntil: '14:00',
    earlyCheckinFrom: '',
    maxPerStay: 1,
  };

  it('round-trips extras in their order, a missing field taking its default', async () => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, extras: [lateCheckout, { id: 2, title: 'Breakfast basket', price: 1800 }] });
    expect(response.status).toBe(200);
    const { instruction } = (await response.json()) as { instruction: Instruction };
    expect(instruction.extras[0]).toEqual(lateCheckout);
    expect(instruction.extras[1]).toEqual({
      id: 2,
      kind: 'item',
      title: 'Breakfast basket',
      description: '',
      price: 1800,
      currency: 'eur',
      imageUrl: '',
      approval: 'instant',
      active: true,
      lateCheckoutUntil: '',
      earlyCheckinFrom: '',
      maxPerStay: 1,
    });
    expect(((await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction).extras).toEqual(instruction.extras);
  });

  it.each([
    ['an empty title', { title: ' ' }, 'Extra 2: the title is required.'],
    ['a price in euros rather than cents', { price: 12.5 }, 'Extra 2 (Late check-out): the price must be a whole number of cents.'],
    ['a negative price', { price: -100 }, 'Extra 2 (Late check-out): the price cannot be negative.'],
    ['a price under the smallest card payment', { price: 20 }, 'Extra 2 (Late check-out): a price is free or at least €0.50 (the smallest card payment).'],
    ['an unknown currency', { currency: 'xyz' }, 'Extra 2 (Late check-out): choose one of the currencies.'],
    ['a late check-out without its time', { lateCheckoutUntil: '' }, 'Extra 2 (Late check-out): a late check-out needs the latest check-out time.'],
    ['a time that is no time', { lateCheckoutUntil: '25:00' }, 'Extra 2 (Late check-out): the latest check-out must be a time like 15:00 (24-hour clock), or empty.'],
    ['an unknown kind', { kind: 'spa' }, 'Extra 2 (Late check-out): choose late check-out, early check-in or an item.'],
    ['an approval that is neither', { approval: 'maybe' }, 'Extra 2 (Late check-out): approval is instant or by the host.'],
    ['more than 20 per stay', { maxPerStay: 21 }, 'Extra 2 (Late check-out): the most per stay is at most 20.'],
    ['a photo that is not an upload', { imageUrl: 'https://elsewhere.example/x.jpg' }, 'Extra 2 (Late check-out): an extra photo must be an uploaded image.'],
  ])('answers 400 for %s, naming the extra, and saves nothing', async (_what, change, message) => {
    const h = await host();
    const created = await create(h);
    const response = await save(h, { ...created, nameInstruction: 'Not saved', extras: [{ id: 1, title: 'Bikes', price: 0 }, { ...lateCheckout, ...change }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(((await (await h.call(`/api/instruction/${created._id}`)).json()) as Instruction)).toMatchObject({ version: created.version, extras: [] });
  });

  it('takes one currency, one late check-out and one early check-in per guidebook', async () => {
    const h = await host();
    const created = await create(h);
    const basket = { id: 2, title: 'Breakfast basket', price: 1800 };
    expect(await (await save(h, { ...created, extras: [lateCheckout, { ...basket, currency: 'usd' }] })).json()).toEqual({ message: 'All extras need the same currency.' });
    expect(await (await save(h, { ...created, extras: [lateCheckout, { ...lateCheckout, id: 3 }] })).json()).toEqual({ message: 'A guidebook can offer one late check-out.' });
    const early = { id: 4, kind: 'early-checkin', title: 'Early check-in', price: 2000, earlyCheckinFrom: '11:00' };
    expect(await (await save(h, { ...created, extras: [early, { ...early, id: 5 }] })).json()).toEqual({ message: 'A guidebook can offer one early check-in.' });
    expect((await save(h, { ...created, extras: [lateCheckout, early, basket] })).status).toBe(200);
  });
});
