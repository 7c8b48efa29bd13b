import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicApiRoute } from '../src/lib/server/auth/public-routes.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { MonthTotal, Order } from '../src/lib/shared/schemas/order.ts';
import { setUserPlan, signedInHost, type Call } from './helpers/auth.ts';
import { apiHandlersOnDisk, concretePath } from './helpers/api-routes.ts';
import { startBillingWorld, type BillingWorld } from './helpers/billing.ts';
import { signedInMember } from './helpers/members.ts';
import type { TestServer } from './helpers/server.ts';
import { startSmoobuStandIn, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { COLUMNS, ROWS, type Column } from './helpers/team-matrix.ts';
import { guidebookWithOrder, latestRevision, seedTeam, teamRows, type SeededTeam } from './helpers/team-seed.ts';

/**
 * docs/security.md 14 and 38, docs/decisions/028-teams.md §6 and "The matrix test": every team
 * route × every role. Each column is one test against a team seeded for it alone (its writes
 * cannot change another column's answers), comparing the `{ row: status }` it got with the one
 * expected, whole, so a difference prints every row. Each answer a Cleaner without "may see
 * secrets" gets is searched for the seeded secrets.
 */
let world: BillingWorld;
let server: TestServer;
let smoobu: SmoobuStandIn;
let smoobuFields: Record<string, string>;
let seam: SeamStandIn;

beforeAll(async () => {
  // Integrations on, against the Smoobu stand-in, so their rows answer as in use (docs/decisions/029-pms-connectors.md).
  smoobu = await startSmoobuStandIn();
  const account = smoobu.addAccount({ apartments: [{ id: 1, name: 'Harbour Loft' }] });
  smoobuFields = { apiKey: account.apiKey, apiSecret: account.apiSecret };
  // Smart locks on, against the Seam stand-in, which connects an account to each webview at once (decision 030).
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  const integrations = { SECRETS_KEY: 'ab'.repeat(32), SMOOBU_API_URL: smoobu.url, SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url };
  // A translator is configured (never reached: the rows stop before a call) so the draft route answers as it does in use.
  world = await startBillingWorld({ env: { TRANSLATE_URL: 'http://127.0.0.1:9', TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_API_KEY: 'unused', ...integrations } });
  server = world.server;
});

afterAll(async () => {
  await world?.stop();
  await smoobu?.close();
  await seam?.close();
});

/** The person of `column` in `seed`'s team (another team's owner for `other`, nobody for `anonymous`). */
async function actor(column: Column, seed: SeededTeam): Promise<Call> {
  const team = seed.owner.teamId;
  const { guidebook, other } = seed;
  switch (column) {
    case 'anonymous':
      return (path, init) => server.request(path, init);
    case 'other':
      return (await signedInHost(server, 'gold', { freshTeam: true })).call;
    case 'owner':
      return seed.owner.call;
    case 'admin':
      return (await signedInMember(server, team, 'admin')).call;
    case 'editor':
      return (await signedInMember(server, team, 'editor', { guidebooks: [guidebook._id] })).call;
    case 'elsewhere':
      return (await signedInMember(server, team, 'editor', { guidebooks: [other._id] })).call;
    case 'cleaner':
      return (await signedInMember(server, team, 'cleaner', { guidebooks: [guidebook._id] })).call;
    case 'cleanerSecrets':
      return (await signedInMember(server, team, 'cleaner', { guidebooks: [guidebook._id], maySeeSecrets: true })).call;
    case 'removed': {
      // An Editor of the guidebook whom the owner removed: the cookie they still hold (docs/decisions/028-teams.md §5).
      const removed = await signedInMember(server, team, 'editor', { guidebooks: [guidebook._id] });
      expect((await seed.owner.call(`/api/team/members/${removed.membershipId}`, { method: 'DELETE' })).status).toBe(200);
      return removed.call;
    }
  }
}

interface ColumnRun {
  statuses: Record<string, number>;
  /** Every answer's body as text, by row. */
  bodies: Map<string, string>;
}

/** Every row in order, as `call`; the answers a later row needs (an apply's batch) kept. */
async function runColumn(call: Call, seed: SeededTeam): Promise<ColumnRun> {
  const statuses: Record<string, number> = {};
  const bodies = new Map<string, string>();
  const answers = new Map<string, unknown>();
  for (const row of ROWS) {
    const { path, init } = row.request({ seed, server, answers, smoobuFields });
    const response = await call(path, init);
    statuses[row.key] = response.status;
    const body = await response.text();
    bodies.set(row.key, body);
    if (response.headers.get('content-type')?.includes('json')) answers.set(row.key, JSON.parse(body));
  }
  return { statuses, bodies };
}

const expected = (column: Column) => Object.fromEntries(ROWS.map((row) => [row.key, row.expected[column]]));

/** The method and path of every handler that acts for a team: neither public nor the person's own account. */
function teamRoutesOnDisk(): string[] {
  const own = (key: string) => key.includes(' /api/users') || key === 'POST /api/messaging/sendMessageFromUser' || key === 'POST /api/invitations/accept' || key === 'PUT /api/session/team' || key === 'POST /api/teams';
  return apiHandlersOnDisk()
    .map((handler) => handler.key)
    .filter((key) => !isPublicApiRoute(key.slice(0, key.indexOf(' ')), concretePath(key)) && !own(key));
}

describe('the role matrix', () => {
  it('has a row for every team route on disk, and no other', () => {
    expect(ROWS.map((row) => row.key).sort()).toEqual(teamRoutesOnDisk().sort());
  });

  // The owner twice: of a team with an id of its own (every registration since teams), and of one
  // whose id is theirs (every account made before, docs/decisions/028-teams.md §1).
  const runs = [...COLUMNS.map((column) => [column, true] as const), ['owner', false] as const];
  for (const [column, freshTeam] of runs) {
    it(`${column}${freshTeam ? '' : ', of a team whose id is theirs'}: every row answers as the matrix says`, async () => {
      const seed = await seedTeam(server, { freshTeam });
      const call = await actor(column, seed);
      const before = teamRows(server, seed.owner.teamId);
      const { statuses, bodies } = await runColumn(call, seed);
      expect(statuses).toEqual(expected(column));
      if (column === 'anonymous' || column === 'other' || column === 'removed') expect(teamRows(server, seed.owner.teamId), 'nothing of the team changed').toEqual(before);
      if (column === 'cleaner') {
        for (const [key, body] of bodies) for (const secret of seed.secrets) expect(body, `${key} holds a secret`).not.toContain(secret);
      }
      if (column === 'cleanerSecrets') {
        // Allowed to see them: the guidebook and its stays come whole.
        expect(bodies.get('GET /api/instruction/[id]')).toContain(seed.secrets[0]);
        expect(bodies.get('GET /api/instruction/[id]/stays')).toContain(seed.stay.token);
      }
    });
  }
});

describe('an Editor works in the guidebooks granted to them only', () => {
  it('lists, orders, stays and versions of any other guidebook of the team answer as another team’s', async () => {
    const seed = await seedTeam(server);
    const elsewhere = await guidebookWithOrder(seed.owner.call, server);
    const editor = await signedInMember(server, seed.owner.teamId, 'editor', { guidebooks: [seed.guidebook._id] });
    for (const orderId of [seed.orderId, elsewhere.orderId]) expect((await seed.owner.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision: 'approve' } })).status).toBe(200);

    const list = (await (await editor.call('/api/instruction')).json()) as Instruction[];
    expect(list.map((guidebook) => guidebook._id)).toEqual([seed.guidebook._id]);
    const { orders, months } = (await (await editor.call('/api/orders')).json()) as { orders: Order[]; months: MonthTotal[] };
    expect(orders.map((order) => order.id)).toEqual([seed.orderId]);
    expect(months.map((month) => month.orders)).toEqual([1]);
    const owners = (await (await seed.owner.call('/api/orders')).json()) as { months: MonthTotal[] };
    expect(owners.months.map((month) => month.orders)).toEqual([2]);

    const id = elsewhere.guidebook._id;
    const notFound = { message: messages.instruction.notFound };
    const refused: Array<[string, RequestInit & { json?: unknown }, unknown]> = [
      [`/api/instruction/${id}`, {}, notFound],
      [`/api/instruction/${id}/stays`, {}, notFound],
      [`/api/instruction/${id}/revisions`, {}, notFound],
      [`/api/instruction/${id}/stays`, { method: 'POST', json: { checkIn: '2031-07-01', checkOut: '2031-07-03' } }, notFound],
      [`/api/orders?guidebook=${id}`, {}, notFound],
      [`/api/orders/${elsewhere.orderId}/refund`, { method: 'POST' }, { message: messages.orders.notFound }],
    ];
    for (const [path, init, body] of refused) {
      const response = await editor.call(path, init);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 404, body });
    }
  });

  it('may change the content but not the door code, the PIN or who sees them, by a save or a restore', async () => {
    const seed = await seedTeam(server);
    const editor = await signedInMember(server, seed.owner.teamId, 'editor', { guidebooks: [seed.guidebook._id] });
    const first = latestRevision(server, seed.guidebook._id);
    expect((await seed.owner.call(`/api/instruction/${seed.guidebook._id}`, { method: 'PATCH', json: { code: 'DOOR-2222' } })).status).toBe(200);
    const current = (await (await editor.call(`/api/instruction/${seed.guidebook._id}`)).json()) as Instruction;
    const before = teamRows(server, seed.owner.teamId);
    const changes = [{ code: 'DOOR-1111' }, { secretsPin: '135791' }, { secretsPolicy: 'always' }, { revealHoursBefore: 1 }];
    for (const change of changes) {
      const response = await editor.call(`/api/instruction/${seed.guidebook._id}`, { method: 'PUT', json: { ...current, ...change } });
      expect({ change, status: response.status, body: await response.json() }).toEqual({ change, status: 403, body: { message: messages.team.roleCannot('Editor', 'change the door code, the PIN or who sees them') } });
    }
    // The first version still has the old code: restoring it would change the code too.
    expect((await editor.call(`/api/instruction/${seed.guidebook._id}/revisions/${first}/restore`, { method: 'POST', json: { version: current.version } })).status).toBe(403);
    expect(teamRows(server, seed.owner.teamId)).toEqual(before);
    const renamed = await editor.call(`/api/instruction/${seed.guidebook._id}`, { method: 'PUT', json: { ...current, nameInstruction: 'Harbour Loft by the sea' } });
    expect(renamed.status).toBe(200);
  });
});

describe('the session reports the role', () => {
  it('GET /api/users/me names the team, the role and whether the member may see secrets', async () => {
    const seed = await seedTeam(server);
    const cleaner = await signedInMember(server, seed.owner.teamId, 'cleaner', { guidebooks: [seed.guidebook._id] });
    expect(await (await cleaner.call('/api/users/me')).json()).toMatchObject({ _id: cleaner.id, team: { id: seed.owner.teamId, role: 'cleaner', maySeeSecrets: false } });
    expect(await (await seed.owner.call('/api/users/me')).json()).toMatchObject({ team: { id: seed.owner.teamId, role: 'owner', maySeeSecrets: true } });
  });
});

describe('the dashboard pages that show a guidebook follow the role', () => {
  it('the poster needs the guest link’s share; the preview needs the secrets; another guidebook is not found', async () => {
    const seed = await seedTeam(server);
    // Four people: past Gold's member limit (docs/decisions/028-teams.md §8) the newest would be suspended.
    setUserPlan(server, seed.owner.id, 'premium');
    const id = seed.guidebook._id;
    const cleaner = await signedInMember(server, seed.owner.teamId, 'cleaner', { guidebooks: [id] });
    const trusted = await signedInMember(server, seed.owner.teamId, 'cleaner', { guidebooks: [id], maySeeSecrets: true });
    const elsewhere = await signedInMember(server, seed.owner.teamId, 'editor', { guidebooks: [seed.other._id] });
    const status = async (call: Call, path: string) => (await call(path)).status;
    expect({
      ownerPoster: await status(seed.owner.call, `/dashboard/poster/${id}`),
      cleanerPoster: await status(cleaner.call, `/dashboard/poster/${id}`),
      trustedPoster: await status(trusted.call, `/dashboard/poster/${id}`),
      elsewherePoster: await status(elsewhere.call, `/dashboard/poster/${id}`),
      ownerPreview: await status(seed.owner.call, `/dashboard/preview/${id}`),
      cleanerPreview: await status(cleaner.call, `/dashboard/preview/${id}`),
      elsewherePreview: await status(elsewhere.call, `/dashboard/preview/${id}`),
    }).toEqual({ ownerPoster: 200, cleanerPoster: 404, trustedPoster: 200, elsewherePoster: 404, ownerPreview: 200, cleanerPreview: 403, elsewherePreview: 404 });
    const page = await (await cleaner.call(`/dashboard/preview/${id}`)).text();
    for (const secret of seed.secrets) expect(page).not.toContain(secret);
  });
});
