import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { removeUnreferencedUploads } from '../src/lib/server/uploads/remove-unreferenced-uploads.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, login, query, run, withCookie } from './helpers/auth.ts';
import { serverKyselyForTests } from './helpers/kysely.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { hasUpload, serverStorage, uploadKey } from './helpers/stored.ts';

// docs/security.md 30: a host references only their own uploads. Another host's
// /media/u/… path is refused as a picture or a step image, a duplicate keeps only the host's own,
// and only the owner's references keep a file (and its share of the owner's quota) alive. With
// teams (docs/decisions/028-teams.md §3) "own" is the space: a team's for its guidebooks and
// Auto-Fill, the person's for their profile picture; for the hosts made before teams both are one.
let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await startServer();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
});

afterAll(async () => {
  await server?.stop();
});

interface Host {
  id: string;
  teamId: string;
  call(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** Uploads a real image and returns its /media path; `profile`: for the profile picture (`for=profile`). */
  upload(options?: { profile?: boolean }): Promise<string>;
}

async function host({ freshTeam = false }: { freshTeam?: boolean } = {}): Promise<Host> {
  const user = await createUser(server, { freshTeam });
  const cookie = await login(server, user.email, user.password);
  const call: Host['call'] = (pathname, init = {}) => server.request(pathname, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
  return {
    id: user.id,
    teamId: user.teamId,
    call,
    async upload({ profile = false } = {}) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      form.append('type', 'square');
      if (profile) form.append('for', 'profile');
      const response = await call('/api/upload', { method: 'POST', body: form });
      const body = (await response.json()) as { image: string };
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body.image;
    },
  };
}

async function create(h: Host, body: Record<string, unknown> = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', { json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function expectRefused(response: Response, field: string): Promise<void> {
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ message: messages.upload.notYours(field) });
}

const storedPicture = (userId: string) => query<{ picture: string }>(server, 'SELECT picture FROM users WHERE id = ?', userId)[0]!.picture;

describe('profile picture', () => {
  it("another host's upload → 422 naming the field; the picture stays as it was", async () => {
    const [owner, other] = await Promise.all([host(), host()]);
    const [theirs, mine] = await Promise.all([owner.upload(), other.upload()]);
    expect((await other.call('/api/users/profile', { method: 'PATCH', json: { picture: mine } })).status).toBe(200);

    await expectRefused(await other.call('/api/users/profile', { method: 'PATCH', json: { picture: theirs } }), 'The profile picture');
    expect(storedPicture(other.id)).toBe(mine);
  });

  it('a dot segment does not hide whose upload it is (the browser resolves it away)', async () => {
    const [owner, other] = await Promise.all([host(), host()]);
    const theirs = await owner.upload();
    const disguised = theirs.replace('/media/u/', '/media/./u/');
    const response = await other.call('/api/users/profile', { method: 'PATCH', json: { picture: disguised } });
    expect([400, 422]).toContain(response.status);
    expect(storedPicture(other.id)).toBe('');
  });

  it('the own upload and the empty picture are accepted', async () => {
    const h = await host();
    const mine = await h.upload();
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture: mine } })).status).toBe(200);
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture: '' } })).status).toBe(200);
  });
});

describe('guidebook images', () => {
  const cases: Array<[string, (foreign: string, own: string) => Record<string, unknown>, string]> = [
    ['a step image', (foreign, own) => ({ boxes: [{ id: 1, title: 'Door', paragraph: '', imageUrl: own }, { id: 2, title: 'Box', paragraph: '', imageUrl: foreign }] }), 'The image of check-in step 2'],
    ['an additional info image', (foreign) => ({ manualBoxes: [{ id: 1, paragraph: '<p>Beach</p>', imageUrl: foreign }] }), 'The image of additional info 1'],
    ['the host picture', (foreign) => ({ photoGreating: foreign }), 'The host picture'],
    ['the cover photo', (foreign) => ({ coverImage: foreign }), 'The cover photo'],
  ];

  it.each(cases)("another host's upload as %s → 422 naming it; nothing saved", async (_label, change, field) => {
    const [owner, other] = await Promise.all([host(), host()]);
    const [theirs, mine] = await Promise.all([owner.upload(), other.upload()]);
    const created = await create(other, { nameInstruction: 'Before' });

    await expectRefused(await other.call(`/api/instruction/${created._id}`, { method: 'PUT', json: { ...created, nameInstruction: 'After', ...change(theirs, mine) } }), field);
    const [row] = query<{ version: number; data: string }>(server, 'SELECT version, data FROM instructions WHERE id = ?', created._id);
    expect(row!.version).toBe(1);
    expect(row!.data).not.toContain(theirs);
    expect(JSON.parse(row!.data)).toMatchObject({ nameInstruction: 'Before' });

    const count = () => query<{ n: number }>(server, 'SELECT count(*) AS n FROM instructions WHERE user_id = ?', other.id)[0]!.n;
    await expectRefused(await other.call('/api/instruction', { json: { nameInstruction: 'New', ...change(theirs, mine) } }), field);
    expect(count()).toBe(1);
  });

  it("the host's own uploads and the product's own /media paths are accepted", async () => {
    const h = await host();
    const mine = await h.upload();
    const created = await create(h);
    const response = await h.call(`/api/instruction/${created._id}`, {
      method: 'PUT',
      json: { ...created, photoGreating: mine, boxes: [{ id: 1, title: 'Door', paragraph: '', imageUrl: '/media/steps/door.webp' }], manualBoxes: [{ id: 2, paragraph: '', imageUrl: mine }] },
    });
    expect(response.status).toBe(200);
  });

  it("a new guidebook does not take a profile picture that is another host's upload (stored before this rule)", async () => {
    const [owner, other] = await Promise.all([host(), host()]);
    const theirs = await owner.upload();
    run(server, 'UPDATE users SET picture = ? WHERE id = ?', theirs, other.id);
    expect((await create(other)).photoGreating).toBe('');

    const mine = await other.upload();
    run(server, 'UPDATE users SET picture = ? WHERE id = ?', mine, other.id);
    expect((await create(other)).photoGreating).toBe(mine);
  });

  it("a duplicate keeps only the host's own uploads (a guidebook stored before this rule)", async () => {
    const [owner, other] = await Promise.all([host(), host()]);
    const [theirs, mine] = await Promise.all([owner.upload(), other.upload()]);
    const created = await create(other, { nameInstruction: 'Legacy' });
    const data = {
      ...JSON.parse(query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', created._id)[0]!.data),
      photoGreating: theirs,
      boxes: [
        { id: 1, title: 'Mine', paragraph: '', imageUrl: mine },
        { id: 2, title: 'Theirs', paragraph: '', imageUrl: theirs },
      ],
      manualBoxes: [{ id: 3, paragraph: '', imageUrl: theirs }],
    };
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify(data), created._id);

    const response = await other.call(`/api/instruction/${created._id}`, { method: 'POST' });
    expect(response.status).toBe(201);
    const { instruction: copy } = (await response.json()) as { instruction: Instruction };
    expect(copy.photoGreating).toBe('');
    expect(copy.boxes.map((box) => box.imageUrl)).toEqual([mine, '']);
    expect(copy.manualBoxes.map((box) => box.imageUrl)).toEqual(['']);
    expect(query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', copy._id)[0]!.data).not.toContain(theirs);
  });
});

describe('clean-up and quota count only the owner’s references', () => {
  let db: Kysely<Database>;
  serverKyselyForTests(() => server, (opened) => (db = opened));

  const uploadsOf = (userId: string) => query<{ n: number }>(server, 'SELECT count(*) AS n FROM uploads WHERE user_id = ?', userId)[0]!.n;

  it("another host's guidebook, settings or picture naming an upload do not keep it", async () => {
    const [owner, other] = await Promise.all([host(), host()]);
    const [inGuidebook, inSettings, asPicture, ownerKeeps] = await Promise.all(Array.from({ length: 4 }, () => owner.upload()));
    for (const image of [inGuidebook, inSettings, asPicture, ownerKeeps]) {
      run(server, 'UPDATE uploads SET created_at = ? WHERE key = ?', Date.now() - 2 * 60 * 60_000, uploadKey(image!));
    }
    // References written before this rule (straight into the database, as an old row would hold them).
    const guidebook = await create(other);
    const data = JSON.parse(query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', guidebook._id)[0]!.data) as Record<string, unknown>;
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...data, boxes: [{ id: 1, title: '', paragraph: '', imageUrl: inGuidebook }] }), guidebook._id);
    run(server, 'INSERT INTO team_settings (team_id, data, updated_at) VALUES (?, ?, ?)', other.id, JSON.stringify({ textGreating: `<p><a href="${server.origin}${inSettings}">photo</a></p>` }), Date.now());
    run(server, 'UPDATE users SET picture = ? WHERE id = ?', asPicture, other.id);
    // The owner's own reference keeps that one.
    expect((await owner.call('/api/users/profile', { method: 'PATCH', json: { picture: ownerKeeps } })).status).toBe(200);
    expect(uploadsOf(owner.id)).toBe(4);

    // The server's own debounced pass may get there first: assert on what is left, not on who removed it.
    const storage = serverStorage(server, 'uploads');
    await removeUnreferencedUploads({ db, dialect: server.dialect, storage });
    expect(hasUpload(server, ownerKeeps!)).toBe(true);
    for (const image of [inGuidebook, inSettings, asPicture]) expect(hasUpload(server, image!)).toBe(false);
    // The quota counts the owner's stored files: only the one the owner uses is left.
    expect(uploadsOf(owner.id)).toBe(1);
  });
});

describe('spaces of a team whose id is its own (docs/decisions/028-teams.md §3)', () => {
  let db: Kysely<Database>;
  serverKyselyForTests(() => server, (opened) => (db = opened));
  const age = (image: string) => run(server, 'UPDATE uploads SET created_at = ? WHERE key = ?', Date.now() - 2 * 60 * 60_000, uploadKey(image));

  it("a guidebook's image goes to the team's space, a profile picture (for=profile) to the person's; each is refused (422) where the other belongs", async () => {
    const h = await host({ freshTeam: true });
    const [forTeam, forProfile] = [await h.upload(), await h.upload({ profile: true })];
    expect(forTeam).toMatch(new RegExp(`^/media/u/${h.teamId}/`));
    expect(forProfile).toMatch(new RegExp(`^/media/u/${h.id}/`));
    const row = (image: string) => query(server, 'SELECT user_id, team_id FROM uploads WHERE key = ?', uploadKey(image));
    expect([row(forTeam), row(forProfile)]).toEqual([[{ user_id: h.id, team_id: h.teamId }], [{ user_id: h.id, team_id: null }]]);
    await expectRefused(await h.call('/api/users/profile', { method: 'PATCH', json: { picture: forTeam } }), 'The profile picture');
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture: forProfile } })).status).toBe(200);
    await expectRefused(await h.call('/api/instruction', { json: { photoGreating: forProfile } }), 'The host picture');
    expect((await create(h, { photoGreating: forTeam })).photoGreating).toBe(forTeam);
    const purpose = new FormData();
    purpose.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    purpose.append('type', 'square');
    purpose.append('for', 'billboard');
    const refused = await h.call('/api/upload', { method: 'POST', body: purpose });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: messages.upload.badPurpose });
  });

  it("a new guidebook shows a copy of its creator's profile picture, in the team's space: a change of picture leaves it", async () => {
    const h = await host({ freshTeam: true });
    const picture = await h.upload({ profile: true });
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture } })).status).toBe(200);
    const made = await create(h);
    expect(made.photoGreating).toMatch(new RegExp(`^/media/u/${h.teamId}/`));
    const [copy, original] = await Promise.all([server.request(made.photoGreating), server.request(picture)]);
    expect(copy.status).toBe(200);
    expect(Buffer.from(await copy.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    // The picture changes; past the grace period the old one goes, the guidebook's copy stays.
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture: '' } })).status).toBe(200);
    age(picture);
    age(made.photoGreating);
    await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') });
    expect(hasUpload(server, picture)).toBe(false);
    expect(hasUpload(server, made.photoGreating)).toBe(true);
  });

  it("the clean-up keeps what each space's own content names: the team's guidebooks and Auto-Fill, the person's picture", async () => {
    const h = await host({ freshTeam: true });
    const [inGuidebook, inSettings, unused] = [await h.upload(), await h.upload(), await h.upload()];
    const [picture, oldPicture] = [await h.upload({ profile: true }), await h.upload({ profile: true })];
    await create(h, { boxes: [{ id: 1, title: 'Door', paragraph: '', imageUrl: inGuidebook }] });
    const settings = (await (await h.call('/api/settings')).json()) as Record<string, unknown>;
    expect((await h.call('/api/settings', { method: 'PUT', json: { ...settings, places: [{ id: 1, name: 'Bakery', category: 'eat', imageUrl: inSettings }] } })).status).toBe(200);
    expect((await h.call('/api/users/profile', { method: 'PATCH', json: { picture } })).status).toBe(200);
    for (const image of [inGuidebook, inSettings, unused, picture, oldPicture]) age(image);
    await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') });
    expect([inGuidebook, inSettings, unused, picture, oldPicture].map((image) => hasUpload(server, image))).toEqual([true, true, false, true, false]);
  });
});

