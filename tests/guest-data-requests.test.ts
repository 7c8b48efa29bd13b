import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../src/lib/shared/team-activity.ts';
import type { GuestDataExport } from '../src/lib/shared/schemas/guest-data.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { query, requestFrom, run, setUserPlan } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { signedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * A guest's details exported or erased on request (docs/decisions/029-pms-connectors.md §10), over
 * real HTTP on SQLite or PostgreSQL: every stay and order of the team holding the address, none of
 * another team's; the erasure keeps a paid order's guest; a stay's own erasure; Owner and Admin only,
 * 20 an hour per team; the activity line counts and never names the address.
 */
let server: TestServer;

const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 0, maxPerStay: 3, approval: 'host' };
const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let owner: Host;
let other: Host;
let loft: Instruction;

async function guidebook(host: Host, name: string): Promise<Instruction> {
  setUserPlan(server, host.id, 'gold');
  return (await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: name, timeZone: 'UTC', extras: [BASKET] } })).instruction;
}

async function stay(host: Host, g: Instruction, guestName: string, guestEmail: string, from: number): Promise<Stay> {
  return (await host.json<{ stay: Stay }>(`/api/instruction/${g._id}/stays`, { json: { guestName, guestEmail, checkIn: day(from), checkOut: day(from + 2), allowOverlap: true } })).stay;
}

let guests = 0;
async function order(token: string): Promise<string> {
  guests += 1;
  const response = await requestFrom(server, `127.0.3.${guests}`, `/api/guest/${token}/extras/${BASKET.id}`, { quantity: 1, note: 'Gluten free, please' });
  expect(response.status, response.body).toBe(201);
  return (JSON.parse(response.body) as { order: { id: string } }).order.id;
}

const stayRow = (id: string) => query<{ guest_name: string; guest_email: string; host_note: string; guest_data_erased_at: number | null }>(server, 'SELECT guest_name, guest_email, host_note, guest_data_erased_at FROM stays WHERE id = ?', id)[0]!;
const orderRow = (id: string) => query<{ guest_name: string; guest_email: string; guest_note: string }>(server, 'SELECT guest_name, guest_email, guest_note FROM orders WHERE id = ?', id)[0]!;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  owner = await signedInHost(server, { freshTeam: true });
  other = await signedInHost(server, { freshTeam: true });
  loft = await guidebook(owner, 'Harbour Loft');
});

afterAll(async () => {
  await server?.stop();
});

describe('a guest asks for their data', () => {
  it('export: every stay and order of the team with that address, as a download; none of another team’s; a count in the activity', async () => {
    const first = await stay(owner, loft, 'Ana Novak', 'ana@example.com', 5);
    await owner.json(`/api/instruction/${loft._id}/stays/${first._id}`, { method: 'PATCH', json: { hostNote: 'Arrives by ferry' } });
    await stay(owner, loft, 'Ana N.', 'ana@example.com', 20);
    await stay(owner, loft, 'Bob', 'bob@example.com', 10);
    const elsewhere = await stay(other, await guidebook(other, 'Other Barn'), 'Ana Novak', 'ana@example.com', 5);
    await order(first.token);

    const response = await owner.call('/api/team/guest-data/export', { json: { email: ' ANA@example.com ' } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="guest-data.json"');
    const data = (await response.json()) as GuestDataExport;
    expect(data.email).toBe('ana@example.com');
    expect(data.stays.map((s) => [s.guidebook, s.guestName, s.hostNote])).toEqual([
      ['Harbour Loft', 'Ana Novak', 'Arrives by ferry'],
      ['Harbour Loft', 'Ana N.', ''],
    ]);
    expect(data.orders).toEqual([expect.objectContaining({ guidebook: 'Harbour Loft', title: 'Breakfast basket', status: 'requested', guestNote: 'Gluten free, please' })]);
    expect(JSON.stringify(data)).not.toContain('bob@example.com');
    expect(stayRow(elsewhere._id).guest_email).toBe('ana@example.com');

    const { items } = await owner.json<{ items: ActivityItem[] }>('/api/team/activity');
    const line = items.find((item) => item.action === 'guest-data.exported');
    expect(line?.details).toEqual({ stays: 2, orders: 1 });
    expect(JSON.stringify(items)).not.toContain('ana@example.com');

    for (const email of ['', 'not-an-address', 42]) {
      const refused = await owner.call('/api/team/guest-data/export', { json: { email } });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, 'Enter the guest’s e-mail address.']);
    }
  });

  it('erase by address: the team’s stays and unpaid orders lose the guest, a paid order keeps it, another team’s stay is untouched', async () => {
    const g = await guidebook(owner, 'Garden Room');
    const [one, two] = [await stay(owner, g, 'Cleo', 'cleo@example.com', 3), await stay(owner, g, 'Cleo', 'cleo@example.com', 30)];
    const [unpaid, paid] = [await order(one.token), await order(two.token)];
    run(server, "UPDATE orders SET status = 'paid' WHERE id = ?", paid);
    const theirs = await stay(other, await guidebook(other, 'Their Loft'), 'Cleo', 'cleo@example.com', 3);

    const erased = await owner.json<{ message: string; stays: number; orders: number }>('/api/team/guest-data/erase', { json: { email: 'cleo@example.com' } });
    expect(erased).toEqual({ message: 'Erased the guest’s details from 2 stays and 1 order.', stays: 2, orders: 1 });
    for (const id of [one._id, two._id]) expect(stayRow(id)).toMatchObject({ guest_name: '', guest_email: '', host_note: '', guest_data_erased_at: expect.any(Number) });
    expect(orderRow(unpaid)).toEqual({ guest_name: '', guest_email: '', guest_note: '' });
    expect(orderRow(paid).guest_note).toBe('Gluten free, please');
    expect(stayRow(theirs._id)).toMatchObject({ guest_name: 'Cleo', guest_email: 'cleo@example.com', guest_data_erased_at: null });
    // The stays stay, with their dates and links.
    expect((await owner.call(`/stay/${one.token}`)).status).toBe(200);
    expect(await owner.json('/api/team/guest-data/erase', { json: { email: 'cleo@example.com' } })).toMatchObject({ message: 'No stay or order holds that address.', stays: 0 });
  });

  it('a stay’s own erasure; another team’s stay 404; roles; 20 an hour per team', async () => {
    const mine = await stay(owner, loft, 'Dora', 'dora@example.com', 40);
    const theirs = await stay(other, await guidebook(other, 'Far Barn'), 'Eve', 'eve@example.com', 40);
    const notMine = await owner.call('/api/team/guest-data/erase', { json: { stayId: theirs._id } });
    expect(notMine.status).toBe(404);
    expect(stayRow(theirs._id).guest_name).toBe('Eve');
    expect(await owner.json('/api/team/guest-data/erase', { json: { stayId: mine._id } })).toEqual({ message: 'The guest’s details are erased from this stay.', stays: 1, orders: 0 });
    expect(stayRow(mine._id)).toMatchObject({ guest_name: '', guest_email: '' });
    const bad = await owner.call('/api/team/guest-data/erase', { json: { name: 'Dora' } });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, 'Say whose details to erase: an e-mail address or a stay.']);

    setUserPlan(server, owner.id, 'gold');
    const admin = await signedInMember(server, owner.teamId, 'admin');
    expect((await admin.call('/api/team/guest-data/export', { json: { email: 'ana@example.com' } })).status).toBe(200);
    for (const role of ['editor', 'cleaner'] as const) {
      const member = await signedInMember(server, owner.teamId, role, { guidebooks: [loft._id] });
      for (const path of ['export', 'erase']) expect((await member.call(`/api/team/guest-data/${path}`, { json: { email: 'ana@example.com' } })).status, `${role} ${path}`).toBe(403);
    }
    expect(stayRow(query<{ id: string }>(server, "SELECT id FROM stays WHERE guest_name = 'Ana Novak' AND team_id = ?", owner.teamId)[0]!.id).guest_email).toBe('ana@example.com');

    // This team has made 10 requests in this file (the refused bodies and the admin's count, the 403s do not): ten more, then 429.
    for (let n = 0; n < 10; n += 1) expect((await owner.call('/api/team/guest-data/export', { json: { email: 'nobody@example.com' } })).status).toBe(200);
    const limited = await owner.call('/api/team/guest-data/export', { json: { email: 'nobody@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another team's budget is its own.
    expect((await other.call('/api/team/guest-data/export', { json: { email: 'nobody@example.com' } })).status).toBe(200);
  });
});
