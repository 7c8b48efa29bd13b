import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { FREE_INSTRUCTION_LIMIT } from '../src/lib/shared/plans.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, setUserPlan, signedInHost, type Call, type SignedInHost } from './helpers/auth.ts';
import type { TestPlan } from './helpers/plan.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * docs/security.md 14 and docs/product.md §4, §6: what a plan allows, and what a guest's token and
 * the owner's account routes reach, for hosts whose team has their own id (every account made
 * before teams) and hosts whose team has an id of its own (every registration since,
 * docs/decisions/028-teams.md §1): code that takes a person's id for their team's fails the
 * second. Who may call which route, per role, is the matrix of tests/team-access.test.ts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

type Host = SignedInHost;

const host = (plan: TestPlan = 'free', freshTeam = false): Promise<Host> => signedInHost(server, plan, { freshTeam });

const anonymous: Call = (path, init) => server.request(path, init);

async function create(h: Host, body: unknown = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', { json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

function setPlan(h: Host, plan: TestPlan): void {
  setUserPlan(server, h.id, plan);
}

function row(id: string): { data: string; version: number; token: string; is_free: number; user_id: string } | undefined {
  return query<{ data: string; version: number; token: string; is_free: number; user_id: string }>(server, 'SELECT data, version, token, is_free, user_id FROM instructions WHERE id = ?', id)[0];
}

/** A stay of `target` made by its owner, for the stays rows of the matrix. */
async function createStay(h: Host, target: Instruction): Promise<string> {
  const response = await h.call(`/api/instruction/${target._id}/stays`, { json: { guestName: 'Ana', guestEmail: 'ana@example.com', checkIn: '2030-06-01T15:00', checkOut: '2030-06-05T11:00' } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: { _id: string } }).stay._id;
}

/** The stays routes of one guidebook, owner only like the rest. */
const STAY_ROUTE = /stays|calendar/;

/** Each route that reads or writes one guidebook, built from the target's id and token (and a stay of it). */
function routes(target: Instruction, stayId = 'no-such-stay', revisionId = latestRevision(target._id), feedbackId = 'no-such-feedback'): Array<{ name: string; path: string; init: RequestInit & { json?: unknown } }> {
  const stays = `/api/instruction/${target._id}/stays`;
  const revisions = `/api/instruction/${target._id}/revisions`;
  return [
    // Revisions (docs/decisions/016-revisions-and-trash.md): the owner's only, secrets included.
    { name: 'GET /:id/revisions', path: revisions, init: {} },
    { name: 'GET /:id/revisions/:revisionId', path: `${revisions}/${revisionId}`, init: {} },
    // The version the owner's editor holds when this runs: after the PUT and the code change below.
    { name: 'POST /:id/revisions/:revisionId/restore', path: `${revisions}/${revisionId}/restore`, init: { method: 'POST', json: { version: target.version + 2 } } },
    { name: 'GET /:id/stays', path: stays, init: {} },
    { name: 'POST /:id/stays', path: stays, init: { method: 'POST', json: { checkIn: '2030-07-01T15:00', checkOut: '2030-07-03T11:00' } } },
    { name: 'PATCH /:id/stays/:stayId', path: `${stays}/${stayId}`, init: { method: 'PATCH', json: { guestName: 'Hijacked' } } },
    { name: 'POST /:id/stays/:stayId/send', path: `${stays}/${stayId}/send`, init: { method: 'POST', json: {} } },
    { name: 'GET /:id/stays/:stayId/qr', path: `${stays}/${stayId}/qr?format=svg`, init: {} },
    { name: 'DELETE /:id/stays/:stayId', path: `${stays}/${stayId}`, init: { method: 'DELETE' } },
    // '' removes the calendar, so the owner's row fetches nothing; a stranger's must not even get there.
    { name: 'PUT /:id/calendar', path: `/api/instruction/${target._id}/calendar`, init: { method: 'PUT', json: { url: '' } } },
    { name: 'GET /:id', path: `/api/instruction/${target._id}`, init: {} },
    { name: 'GET /:id/insights', path: `/api/instruction/${target._id}/insights`, init: {} },
    { name: 'DELETE /:id/feedback/:feedbackId', path: `/api/instruction/${target._id}/feedback/${feedbackId}`, init: { method: 'DELETE' } },
    { name: 'PUT /:id', path: `/api/instruction/${target._id}`, init: { method: 'PUT', json: { ...target, nameInstruction: 'Hijacked' } } },
    { name: 'POST /:id (duplicate)', path: `/api/instruction/${target._id}`, init: { method: 'POST' } },
    { name: 'PATCH /:id (code)', path: `/api/instruction/${target._id}`, init: { method: 'PATCH', json: { code: '0000' } } },
    { name: 'PATCH /preview/:token', path: `/api/instruction/preview/${target.token}`, init: { method: 'PATCH' } },
    { name: 'GET /:id/qr', path: `/api/instruction/${target._id}/qr?format=svg`, init: {} },
    { name: 'POST /:id/share', path: `/api/instruction/${target._id}/share`, init: { method: 'POST', json: { email: 'guest@example.com' } } },
    { name: 'DELETE /:id', path: `/api/instruction/${target._id}`, init: { method: 'DELETE' } },
  ];
}

/** The newest saved version of guidebook `id` (its first one when the matrix is built). */
function latestRevision(id: string): string {
  return query<{ id: string }>(server, 'SELECT id FROM instruction_revisions WHERE instruction_id = ? ORDER BY version DESC LIMIT 1', id)[0]?.id ?? 'no-such-revision';
}

const TEAMS = [
  ['whose team has their id', false],
  ['whose team has an id of its own', true],
] as const;

describe.each(TEAMS)('a guest’s token and the account routes, hosts %s', (_teams, freshTeam) => {
  let owner: Host;
  let other: Host;
  let target: Instruction;

  beforeAll(async () => {
    owner = await host('gold', freshTeam);
    other = await host('gold', freshTeam);
    expect(owner.teamId === owner.id).toBe(!freshTeam);
    target = await create(owner, { nameInstruction: 'Owner only', code: '4821' });
  });

  it('a guest holding the token can read the preview and nothing else', async () => {
    const preview = await anonymous(`/api/instruction/preview/${target.token}`);
    expect(preview.status).toBe(200);
    // The token is no key to the owner routes, for a guest or for a signed-in stranger.
    expect((await anonymous(`/api/instruction/${target.token}`)).status).toBe(401);
    expect((await other.call(`/api/instruction/${target.token}`)).status).toBe(404);
    expect((await owner.call(`/api/instruction/${target.token}`)).status).toBe(404);
  });

  it("the owner's account routes answer for the team: its plan, settings, trash, orders and payouts; the rows it writes are the team's", async () => {
    const calls = {
      me: await owner.call('/api/users/me'),
      subscription: await owner.call('/api/get-subscription-data'),
      settings: await owner.call('/api/settings', { method: 'PUT', json: { phone: '+385 91 555 0199' } }),
      trash: await owner.call('/api/instruction/trash'),
      orders: await owner.call('/api/orders'),
      payouts: await owner.call('/api/payouts/currency', { method: 'PUT', json: { currency: 'gbp' } }),
    };
    expect(Object.fromEntries(Object.entries(calls).map(([name, response]) => [name, response.status]))).toEqual({ me: 200, subscription: 200, settings: 200, trash: 200, orders: 200, payouts: 200 });
    expect(await calls.me.json()).toMatchObject({ _id: owner.id, plan: 'gold' });
    expect(await calls.subscription.json()).toMatchObject({ planId: 'gold' });
    expect((await (await owner.call('/api/settings')).json()) as { phone: string }).toMatchObject({ phone: '+385 91 555 0199' });
    expect((await (await owner.call('/api/payouts')).json()) as { currency: string }).toMatchObject({ currency: 'gbp' });
    // Another host of the same kind sees none of it.
    expect((await (await other.call('/api/settings')).json()) as { phone: string }).toMatchObject({ phone: '' });
    expect((await (await other.call('/api/payouts')).json()) as { currency: string }).not.toMatchObject({ currency: 'gbp' });
    const made = await create(owner, { nameInstruction: 'Made for the team' });
    expect(((await (await owner.call('/api/instruction')).json()) as Instruction[]).map((instruction) => instruction._id)).toContain(made._id);
    expect(query(server, 'SELECT user_id, team_id FROM instructions WHERE id = ?', made._id)).toEqual([{ user_id: owner.id, team_id: owner.teamId }]);
    expect(query(server, 'SELECT team_id FROM team_settings WHERE team_id = ?', owner.teamId)).toHaveLength(1);
  });
});

describe('settings are per host', () => {
  it('one host never reads another’s settings', async () => {
    const a = await host();
    const b = await host();
    const saved = await a.call('/api/settings', { method: 'PUT', json: { phone: '+385 91 555 0101' } });
    expect(saved.status).toBe(200);
    const theirs = (await (await b.call('/api/settings')).json()) as { phone: string };
    expect(theirs.phone).toBe('');
  });
});

describe('plans (docs/product.md §4, §6)', () => {
  it(`Free allows ${FREE_INSTRUCTION_LIMIT} guidebooks: the next create or duplicate answers 403`, async () => {
    const h = await host('free');
    const made: Instruction[] = [];
    for (let i = 0; i < FREE_INSTRUCTION_LIMIT; i += 1) made.push(await create(h));
    expect(made.every((instruction) => instruction.isFree)).toBe(true);

    const fourth = await h.call('/api/instruction', { method: 'POST' });
    expect(fourth.status).toBe(403);
    expect(await fourth.json()).toEqual({ message: messages.instruction.outOfFree });
    const duplicate = await h.call(`/api/instruction/${made[0]!._id}`, { method: 'POST' });
    expect(duplicate.status).toBe(403);
    expect(await duplicate.json()).toEqual({ message: messages.instruction.outOfFree });
    expect(query(server, 'SELECT id FROM instructions WHERE user_id = ?', h.id)).toHaveLength(FREE_INSTRUCTION_LIMIT);

    // Deleting one frees a place.
    expect((await h.call(`/api/instruction/${made[0]!._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await h.call('/api/instruction', { method: 'POST' })).status).toBe(201);
  });

  it('concurrent creates on Free cannot pass the limit together', async () => {
    const h = await host('free');
    const responses = await Promise.all(Array.from({ length: 6 }, () => h.call('/api/instruction', { method: 'POST' })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
    expect(query(server, 'SELECT id FROM instructions WHERE user_id = ?', h.id)).toHaveLength(FREE_INSTRUCTION_LIMIT);
  });

  it('a paid plan has no limit and its guidebooks are not free', async () => {
    const h = await host('gold');
    for (let i = 0; i < FREE_INSTRUCTION_LIMIT + 2; i += 1) {
      const instruction = await create(h);
      expect(instruction.isFree).toBe(false);
    }
  });

  it('without a plan, a guidebook made on a paid plan can be read, shared and deleted but not edited, duplicated, re-coded or re-linked', async () => {
    const h = await host('premium');
    const paid = await create(h, { nameInstruction: 'Made on Premium' });
    setPlan(h, 'free');
    const free = await create(h, { nameInstruction: 'Made on Free' });
    expect(free.isFree).toBe(true);

    const before = row(paid._id);
    // Reading, sharing (its guest link keeps working), stays and deleting stay open; changes do not.
    const open = new Set(['GET /:id', 'GET /:id/insights', 'GET /:id/qr', 'POST /:id/share', 'DELETE /:id', 'GET /:id/revisions', 'GET /:id/revisions/:revisionId']);
    // Guests' feedback is the host's to delete on any plan, like stays (insights-feedback.test.ts).
    for (const route of routes(paid).filter((r) => !open.has(r.name) && !STAY_ROUTE.test(r.name) && !r.name.includes('feedback'))) {
      const response = await h.call(route.path, route.init);
      expect(response.status, route.name).toBe(403);
      expect(await response.json(), route.name).toEqual({ message: messages.instruction.needsPlan });
    }
    expect(row(paid._id)).toEqual(before);
    expect((await server.request(`/api/instruction/preview/${paid.token}`)).status).toBe(200);
    expect((await h.call(`/api/instruction/${paid._id}`)).status).toBe(200);
    for (const route of routes(paid).filter((r) => open.has(r.name) && r.name !== 'DELETE /:id')) {
      expect((await h.call(route.path, route.init)).status, route.name).toBe(200);
    }
    // A stay changes no guidebook content: hosts keep handing out stay links after a downgrade.
    const paidStay = await createStay(h, paid);
    expect((await h.call(`/api/instruction/${paid._id}/stays/${paidStay}`, { method: 'PATCH', json: { guestName: 'Bo' } })).status).toBe(200);

    // The free one stays fully editable.
    const saved = await h.call(`/api/instruction/${free._id}`, { method: 'PUT', json: { ...free, nameInstruction: 'Edited' } });
    expect(saved.status).toBe(200);
    expect((await h.call(`/api/instruction/${free._id}`, { method: 'PATCH', json: { code: '1' } })).status).toBe(200);
    expect((await h.call(`/api/instruction/preview/${free.token}`, { method: 'PATCH' })).status).toBe(200);

    // Subscribing again unlocks it.
    setPlan(h, 'gold');
    expect((await h.call(`/api/instruction/${paid._id}`, { method: 'PATCH', json: { code: '2' } })).status).toBe(200);
    setPlan(h, 'free');
    expect((await h.call(`/api/instruction/${paid._id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('a body cannot make a guidebook free or move it to another host', async () => {
    const h = await host('gold');
    const other = await host('free');
    const created = await create(h);
    const response = await h.call(`/api/instruction/${created._id}`, { method: 'PUT', json: { ...created, isFree: true, user: other.id, user_id: other.id, token: 'x'.repeat(21) } });
    expect(response.status).toBe(200);
    const stored = row(created._id)!;
    expect(stored).toMatchObject({ is_free: 0, user_id: h.id, token: created.token });
  });
});
