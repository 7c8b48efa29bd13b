import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { purgeExpiredTrash } from '../src/lib/server/guidebook/purge-expired-trash.ts';
import { removeUnreferencedUploads } from '../src/lib/server/uploads/remove-unreferenced-uploads.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT } from '../src/lib/shared/plans.ts';
import { TRASH_MS, type Revision, type RevisionSummary, type TrashedInstruction } from '../src/lib/shared/schemas/history.ts';
import type { GuestInstruction, Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { DEFAULT_SETTINGS, type ApplyPreview, type Settings } from '../src/lib/shared/schemas/settings.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { serverKysely } from './helpers/kysely.ts';
import type { TestPlan } from './helpers/plan.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { hasStored, serverStorage } from './helpers/stored.ts';

/**
 * Revisions, trash and a safe "Apply to existing" (docs/decisions/016-revisions-and-trash.md): nothing a
 * host does is final by accident. Runs on SQLite and, with `npm run test:pg`, on PostgreSQL + S3.
 */
let server: TestServer;
let db: Kysely<Database>;

beforeAll(async () => {
  server = await startServer();
  db = serverKysely(server);
});

afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

type Host = SignedInHost;

const host = (plan: TestPlan = 'gold'): Promise<Host> => signedInHost(server, plan);

async function ok<T>(response: Promise<Response> | Response, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

async function create(h: Host, body: unknown = {}): Promise<Instruction> {
  return (await ok<{ instruction: Instruction }>(h.call('/api/instruction', { json: body }), 201)).instruction;
}

async function save(h: Host, current: Instruction, changes: Partial<Instruction>): Promise<Instruction> {
  return (await ok<{ instruction: Instruction }>(h.call(`/api/instruction/${current._id}`, { method: 'PUT', json: { ...current, ...changes } }))).instruction;
}

async function history(h: Host, id: string): Promise<RevisionSummary[]> {
  return (await ok<{ revisions: RevisionSummary[] }>(h.call(`/api/instruction/${id}/revisions`))).revisions;
}

const steps = [
  { id: 1, title: 'Find the building', paragraph: '<p>Blue door.</p>', imageUrl: '' },
  { id: 2, title: 'Open the key box', paragraph: '<p>Code: <span data-marker="lockbox"></span></p>', imageUrl: '' },
];

describe('revisions', () => {
  it('each save is a version with who, when and what changed in words; the owner sees old secrets and restores one as a new save', async () => {
    const h = await host();
    const made = await create(h, { nameInstruction: 'Harbour flat', code: '4821', wifiPassword: 'first-pass', boxes: steps });
    const edited = await save(h, made, { boxes: [steps[0]!, { ...steps[1]!, title: 'Open the lock box' }], wifiPassword: 'second-pass' });

    const list = await history(h, made._id);
    expect(list.map((revision) => [revision.version, revision.source, revision.changes, revision.current])).toEqual([
      [edited.version, 'saved', ['Check-in step 2 edited', 'Wi-Fi password changed'], true],
      [made.version, 'created', [], false],
    ]);
    expect(list[0]!.author).toBe(h.name);
    // The words never carry a secret.
    expect(JSON.stringify(list)).not.toMatch(/first-pass|second-pass|4821/);

    const old = await ok<Revision>(h.call(`/api/instruction/${made._id}/revisions/${list[1]!.id}`));
    expect(old.content).toMatchObject({ wifiPassword: 'first-pass', code: '4821', boxes: [{ title: 'Find the building' }, { title: 'Open the key box' }] });

    // A restore from a stale editor answers 409 and changes nothing.
    const stale = await h.call(`/api/instruction/${made._id}/revisions/${list[1]!.id}/restore`, { method: 'POST', json: { version: made.version } });
    expect(stale.status).toBe(409);

    const restored = await ok<{ message: string; instruction: Instruction }>(h.call(`/api/instruction/${made._id}/revisions/${list[1]!.id}/restore`, { method: 'POST', json: { version: edited.version } }));
    expect(restored.message).toBe(messages.revisions.restored);
    expect(restored.instruction).toMatchObject({ version: edited.version + 1, wifiPassword: 'first-pass', boxes: [{ title: 'Find the building' }, { title: 'Open the key box' }] });
    const guest = await ok<GuestInstruction>(server.request(`/api/instruction/preview/${made.token}`));
    expect(guest.boxes[1]!.title).toBe('Open the key box');

    // The restore is itself a version, so it can be undone by restoring the one before it.
    const after = await history(h, made._id);
    expect(after[0]).toMatchObject({ source: 'restored', current: true, changes: [`Restored version ${made.version}`, 'Check-in step 2 edited', 'Wi-Fi password changed'] });
    const undone = await ok<{ instruction: Instruction }>(h.call(`/api/instruction/${made._id}/revisions/${after[1]!.id}/restore`, { method: 'POST', json: { version: restored.instruction.version } }));
    expect(undone.instruction.wifiPassword).toBe('second-pass');
  });

  it('names steps added, removed and reordered, the code change, and keeps the last 50 versions', async () => {
    const h = await host();
    let current = await create(h, { boxes: steps });
    current = await save(h, current, { boxes: [steps[1]!, steps[0]!, { id: 3, title: 'Lights', paragraph: '', imageUrl: '' }] });
    expect((await history(h, current._id))[0]!.changes).toEqual(['Check-in step 3 added', 'Check-in steps reordered']);
    current = await save(h, current, { boxes: [steps[1]!], whatsapp: '+385 91 555 0101' });
    // Two steps go at once: their numbers moved, so the count is said.
    expect((await history(h, current._id))[0]!.changes).toEqual(['2 check-in steps removed', 'WhatsApp added']);
    await ok(h.call(`/api/instruction/${current._id}`, { method: 'PATCH', json: { code: '9911' } }));
    expect((await history(h, current._id))[0]).toMatchObject({ source: 'code', changes: ['Door code added'] });

    current = await ok<Instruction>(h.call(`/api/instruction/${current._id}`));
    for (let n = 0; n < 52; n += 1) current = await save(h, current, { nameInstruction: `Name ${n}` });
    const kept = await history(h, current._id);
    expect(kept).toHaveLength(50);
    expect(kept[0]!.version).toBe(current.version);
    expect(kept.at(-1)!.version).toBe(current.version - 49);
    expect(query(server, 'SELECT id FROM instruction_revisions WHERE instruction_id = ?', current._id)).toHaveLength(50);
  });

  it('a guidebook from before revisions were kept gets its old version on its first save', async () => {
    const h = await host();
    const made = await create(h, { nameInstruction: 'Old flat' });
    run(server, 'DELETE FROM instruction_revisions WHERE instruction_id = ?', made._id);
    await save(h, made, { nameInstruction: 'Old flat, renamed' });
    const list = await history(h, made._id);
    expect(list.map((revision) => [revision.source, revision.author, revision.changes])).toEqual([
      ['saved', h.name, ['Name changed']],
      ['before-history', null, []],
    ]);
    const before = await ok<Revision>(h.call(`/api/instruction/${made._id}/revisions/${list[1]!.id}`));
    expect(before.content.nameInstruction).toBe('Old flat');
  });

  it('another host gets 404 for the history, a version and a restore, and a version of another guidebook is not found', async () => {
    const owner = await host();
    const stranger = await host();
    const made = await create(owner, { code: '1234' });
    const [revision] = await history(owner, made._id);
    for (const [path, init] of [
      [`/api/instruction/${made._id}/revisions`, {}],
      [`/api/instruction/${made._id}/revisions/${revision!.id}`, {}],
      [`/api/instruction/${made._id}/revisions/${revision!.id}/restore`, { method: 'POST', json: { version: made.version } }],
    ] as const) {
      const response = await stranger.call(path, init);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: messages.instruction.notFound });
    }
    // The stranger's own guidebook with the owner's revision id: not theirs either.
    const theirs = await create(stranger);
    const crossed = await stranger.call(`/api/instruction/${theirs._id}/revisions/${revision!.id}`);
    expect(crossed.status).toBe(404);
    expect(await crossed.json()).toEqual({ message: messages.revisions.notFound });
  });
});

describe('trash', () => {
  it('a deleted guidebook’s link and stay links answer 404 at once; a restore brings both back', async () => {
    const h = await host();
    const made = await create(h, { nameInstruction: 'Poster flat', code: '4821' });
    const stay = await ok<{ stay: { token: string } }>(h.call(`/api/instruction/${made._id}/stays`, { json: { checkIn: '2030-06-01T15:00', checkOut: '2030-06-05T11:00' } }), 201);
    expect((await server.request(`/instruction/${made.token}`)).status).toBe(200);
    expect((await server.request(`/stay/${stay.stay.token}`)).status).toBe(200);

    expect(await ok(h.call(`/api/instruction/${made._id}`, { method: 'DELETE' }))).toEqual({ message: messages.instruction.deleted });
    expect((await server.request(`/instruction/${made.token}`)).status).toBe(404);
    expect((await server.request(`/api/instruction/preview/${made.token}`)).status).toBe(404);
    expect((await server.request(`/stay/${stay.stay.token}`)).status).toBe(404);
    // Nor can a guest write to the host or reveal secrets through either link.
    for (const token of [made.token, stay.stay.token]) {
      expect((await server.request(`/api/guest/${token}/message`, { json: { name: 'Ana', email: '', message: 'Hello' } })).status, token).toBe(404);
      expect((await server.request(`/api/guest/${token}/secrets`)).status, token).toBe(404);
    }
    expect((await h.call(`/api/instruction/${made._id}`)).status).toBe(404);
    expect((await h.call(`/api/instruction/${made._id}`, { method: 'PUT', json: made })).status).toBe(404);
    expect(await ok<Instruction[]>(h.call('/api/instruction'))).toEqual([]);

    const trash = await ok<TrashedInstruction[]>(h.call('/api/instruction/trash'));
    expect(trash).toHaveLength(1);
    expect(trash[0]).toMatchObject({ _id: made._id, nameInstruction: 'Poster flat' });
    expect(Date.parse(trash[0]!.purgeAt) - Date.parse(trash[0]!.deletedAt)).toBe(TRASH_MS);
    // In the trash it cannot be deleted again, and a stranger cannot restore it.
    expect((await h.call(`/api/instruction/${made._id}`, { method: 'DELETE' })).status).toBe(404);
    const stranger = await host();
    expect((await stranger.call(`/api/instruction/${made._id}/restore`, { method: 'POST' })).status).toBe(404);
    expect((await stranger.call(`/api/instruction/trash/${made._id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await ok<TrashedInstruction[]>(stranger.call('/api/instruction/trash'))).toEqual([]);

    const restored = await ok<{ message: string; instruction: Instruction }>(h.call(`/api/instruction/${made._id}/restore`, { method: 'POST' }));
    expect(restored.message).toBe(messages.trash.restored);
    expect(restored.instruction).toMatchObject({ _id: made._id, token: made.token, code: '4821' });
    expect((await server.request(`/instruction/${made.token}`)).status).toBe(200);
    expect((await server.request(`/stay/${stay.stay.token}`)).status).toBe(200);
    expect(await ok<TrashedInstruction[]>(h.call('/api/instruction/trash'))).toEqual([]);
    expect((await h.call(`/api/instruction/${made._id}/restore`, { method: 'POST' })).status).toBe(404);
  });

  it('the server counts the stays that have not ended, which deleting ends: before the delete (the owner’s only) and in the trash', async () => {
    const h = await host();
    const made = await create(h, { nameInstruction: 'Busy flat', timeZone: 'UTC' });
    const iso = (offsetDays: number, time: string) => `${new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)}T${time}`;
    for (const [checkIn, checkOut] of [
      [iso(-1, '15:00'), iso(2, '11:00')],
      [iso(5, '15:00'), iso(8, '11:00')],
      [iso(9, '15:00'), iso(12, '11:00')],
      [iso(-9, '15:00'), iso(-6, '11:00')],
    ]) {
      await ok(h.call(`/api/instruction/${made._id}/stays`, { json: { checkIn, checkOut } }), 201);
    }
    // What the list's delete confirmation reads: one guest staying now, two stays to come.
    const counts = (await ok<{ counts: Record<string, number> }>(h.call(`/api/instruction/${made._id}/stays?group=upcoming&limit=1`))).counts;
    expect(counts).toEqual({ current: 1, upcoming: 2, past: 1 });
    expect(messages.instruction.deleteWithStaysText(counts.current!, counts.upcoming!)).toBe(
      '1 guest is staying now and 2 stays are still to come: those 3 stay links stop working at once, with its guest link and printed QR posters. It stays in the trash for 30 days, where you can restore it.',
    );
    const stranger = await host();
    expect((await stranger.call(`/api/instruction/${made._id}/stays?group=upcoming&limit=1`)).status).toBe(404);

    await ok(h.call(`/api/instruction/${made._id}`, { method: 'DELETE' }));
    const empty = await create(h, { nameInstruction: 'Quiet flat' });
    await ok(h.call(`/api/instruction/${empty._id}`, { method: 'DELETE' }));
    const trash = await ok<TrashedInstruction[]>(h.call('/api/instruction/trash'));
    expect(trash.map(({ nameInstruction, staysAhead }) => ({ nameInstruction, staysAhead }))).toEqual([
      { nameInstruction: 'Quiet flat', staysAhead: 0 },
      { nameInstruction: 'Busy flat', staysAhead: 3 },
    ]);
    expect(await ok<TrashedInstruction[]>(stranger.call('/api/instruction/trash'))).toEqual([]);
  });

  it('on Free a restore must fit the limit of 3 again', async () => {
    const h = await host('free');
    const made: Instruction[] = [];
    for (let i = 0; i < FREE_INSTRUCTION_LIMIT; i += 1) made.push(await create(h));
    await ok(h.call(`/api/instruction/${made[0]!._id}`, { method: 'DELETE' }));
    await create(h);
    const refused = await h.call(`/api/instruction/${made[0]!._id}/restore`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: messages.instruction.outOfFree });
    expect(await ok<TrashedInstruction[]>(h.call('/api/instruction/trash'))).toHaveLength(1);
  });

  it('"Delete forever" and the 30-day clean-up purge the guidebook, its stays, versions and uploads', async () => {
    const h = await host();
    const upload = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    upload.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    upload.append('type', 'rectangle');
    const { image } = await ok<{ image: string }>(h.call('/api/upload', { method: 'POST', body: upload }), 201);
    const kept = await create(h, { nameInstruction: 'Kept in trash', coverImage: image });
    const gone = await create(h, { nameInstruction: 'Deleted forever' });
    await ok(h.call(`/api/instruction/${kept._id}/stays`, { json: { checkIn: '2030-06-01T15:00', checkOut: '2030-06-05T11:00' } }), 201);
    await ok(h.call(`/api/instruction/${kept._id}`, { method: 'DELETE' }));
    await ok(h.call(`/api/instruction/${gone._id}`, { method: 'DELETE' }));

    expect(await ok(h.call(`/api/instruction/trash/${gone._id}`, { method: 'DELETE' }))).toEqual({ message: messages.trash.purged });
    expect(query(server, 'SELECT id FROM instructions WHERE id = ?', gone._id)).toEqual([]);
    expect(query(server, 'SELECT id FROM instruction_revisions WHERE instruction_id = ?', gone._id)).toEqual([]);
    expect((await h.call(`/api/instruction/trash/${gone._id}`, { method: 'DELETE' })).status).toBe(404);

    // Within the 30 days the clean-up keeps the trashed one and its cover photo.
    const key = image.slice('/media/'.length);
    run(server, 'UPDATE uploads SET created_at = ? WHERE key = ?', Date.now() - 2 * 60 * 60_000, key);
    expect(await purgeExpiredTrash({ db })).toBe(0);
    expect(await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') })).toEqual([]);
    // Past them, it goes with everything it held.
    run(server, 'UPDATE instructions SET deleted_at = ? WHERE id = ?', Date.now() - TRASH_MS - 60_000, kept._id);
    expect(await purgeExpiredTrash({ db })).toBe(1);
    expect(await removeUnreferencedUploads({ db, dialect: server.dialect, storage: serverStorage(server, 'uploads') })).toEqual([key]);
    expect(hasStored(server, 'uploads', key)).toBe(false);
    for (const table of ['instructions', 'stays', 'instruction_revisions']) {
      const column = table === 'instructions' ? 'id' : 'instruction_id';
      expect(query(server, `SELECT 1 FROM ${table} WHERE ${column} = ?`, kept._id), table).toEqual([]);
    }
    expect(await ok<TrashedInstruction[]>(h.call('/api/instruction/trash'))).toEqual([]);
  });
});

describe('apply Auto-Fill to existing guidebooks', () => {
  const filled = { whatsapp: '+385 91 555 0101', taxiLink: 'https://taxi.example.com', phone: '+385 1 234 5678' };
  const empty: Settings = { ...DEFAULT_SETTINGS, phone: '+385 99 000 0000' };
  const flags = { contact: true, redirection: true };

  it('an empty default never erases a filled field: the preview says what stays and what changes, the apply matches it', async () => {
    const h = await host();
    const made = await create(h, { nameInstruction: 'Filled', ...filled });
    const other = await create(h, { nameInstruction: 'Bare' });

    const preview = await ok<ApplyPreview>(h.call('/api/settings/apply-preview', { json: { dataSettings: empty, applyToExistingInstruction: flags } }));
    expect(preview.summary).toBe('Phone will be added to 1 guidebook; Phone will change in 1 guidebook');
    expect(preview.keptFilled).toBe(2);
    expect(preview.guidebooks.map((g) => [g.nameInstruction, g.changes])).toEqual([
      ['Bare', [{ field: 'phone', kind: 'added' }]],
      ['Filled', [{ field: 'phone', kind: 'changed' }]],
    ]);
    // The preview wrote nothing.
    expect((await ok<Instruction>(h.call(`/api/instruction/${made._id}`))).version).toBe(made.version);

    const applied = await ok<{ updated: number; batchId: string; summary: string }>(h.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: empty, applyToExistingInstruction: flags } }));
    expect(applied.updated).toBe(2);
    const after = await ok<Instruction>(h.call(`/api/instruction/${made._id}`));
    expect(after).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://taxi.example.com', phone: '+385 99 000 0000' });
    const guest = await ok<GuestInstruction>(server.request(`/api/instruction/preview/${made.token}`));
    expect(guest).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://taxi.example.com' });
    expect((await ok<Instruction>(h.call(`/api/instruction/${other._id}`))).phone).toBe('+385 99 000 0000');

    // Applying the same again changes nothing and writes no version.
    const again = await ok<{ updated: number; batchId: string | null }>(h.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: empty, applyToExistingInstruction: flags } }));
    expect(again).toMatchObject({ updated: 0, batchId: null });
    expect((await ok<Instruction>(h.call(`/api/instruction/${made._id}`))).version).toBe(after.version);
  });

  it('"also clear fields left empty" clears them, as the preview said; one click undoes it everywhere, keeping later edits', async () => {
    const h = await host();
    const first = await create(h, { nameInstruction: 'First', ...filled });
    const second = await create(h, { nameInstruction: 'Second', ...filled, taxiLink: 'https://cab.example.com' });
    const body = { dataSettings: { ...DEFAULT_SETTINGS }, applyToExistingInstruction: flags, clearEmptyFields: true };

    const preview = await ok<ApplyPreview>(h.call('/api/settings/apply-preview', { json: body }));
    expect(preview.summary).toBe('Phone will be removed from 2 guidebooks; WhatsApp will be removed from 2 guidebooks; Taxi link will be removed from 2 guidebooks');
    const applied = await ok<{ updated: number; batchId: string }>(h.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: body }));
    expect(applied.updated).toBe(2);
    expect(await ok<Instruction>(h.call(`/api/instruction/${first._id}`))).toMatchObject({ whatsapp: '', taxiLink: '', phone: '' });
    expect((await history(h, first._id))[0]).toMatchObject({ source: 'defaults', changes: ['Auto-Fill defaults applied', 'Phone removed', 'WhatsApp removed', 'Taxi link removed'] });

    // The host fills the taxi link of the second one again by hand before undoing: that stays.
    const secondNow = await ok<Instruction>(h.call(`/api/instruction/${second._id}`));
    await save(h, secondNow, { taxiLink: 'https://new-cab.example.com' });

    const undone = await ok<{ message: string; restored: number }>(h.call('/api/settings/undo-apply', { json: { batchId: applied.batchId } }));
    expect(undone).toEqual({ message: messages.revisions.applyUndone(2), restored: 2 });
    expect(await ok<Instruction>(h.call(`/api/instruction/${first._id}`))).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://taxi.example.com', phone: '+385 1 234 5678' });
    expect(await ok<Instruction>(h.call(`/api/instruction/${second._id}`))).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://new-cab.example.com' });
    const guest = await ok<GuestInstruction>(server.request(`/api/instruction/preview/${first.token}`));
    expect(guest.whatsapp).toBe('https://wa.me/385915550101');
    expect((await history(h, first._id))[0]).toMatchObject({ source: 'undone' });

    // A second undo has nothing left to do; another host cannot undo it at all.
    expect(await ok(h.call('/api/settings/undo-apply', { json: { batchId: applied.batchId } }))).toEqual({ message: messages.revisions.applyUndone(0), restored: 0 });
    const stranger = await host();
    const refused = await stranger.call('/api/settings/undo-apply', { json: { batchId: applied.batchId } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: messages.revisions.noSuchApply });
  });
});
