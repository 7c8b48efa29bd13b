import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { MembersAnswer } from '../src/lib/shared/schemas/member.ts';
import { createUser, login, mailTo, query, setUserPlan, signedInHost, withCookie, type Call, type SignedInHost } from './helpers/auth.ts';
import { signedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * The members of a team (docs/decisions/028-teams.md §5, §7; docs/security.md 14, 39): the Owner
 * changes a role, the guidebooks or "may see secrets", which count at the member's next request;
 * removal (or leaving) ends the person's sessions for that team at once and no other; the owner
 * stays. Over real HTTP, on SQLite or PostgreSQL (TEST_DATABASE_URL), with an SMTP stand-in for
 * the invitation a person of two teams joins by.
 */
let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ NODE_ENV: 'test', SMTP_URL: smtp.url });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const CODE = 'DOOR-6142';

async function guidebook(owner: SignedInHost, name: string): Promise<string> {
  const response = await owner.call('/api/instruction', { method: 'POST', json: { nameInstruction: name, code: CODE } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction._id;
}

/** A Gold team with two guidebooks (three people fit). */
async function team(): Promise<{ owner: SignedInHost; loft: string; flat: string }> {
  const owner = await signedInHost(server, 'gold', { freshTeam: true });
  return { owner, loft: await guidebook(owner, 'Harbour Loft'), flat: await guidebook(owner, 'Garden Flat') };
}

const change = (call: Call, id: string, json: unknown) => call(`/api/team/members/${id}`, { method: 'PATCH', json });
const remove = (call: Call, id: string) => call(`/api/team/members/${id}`, { method: 'DELETE' });
const listed = async (call: Call) => ((await (await call('/api/instruction')).json()) as Instruction[]).map((each) => each._id).sort();
const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });
const membershipRows = (teamId: string) => query<{ id: string; role: string; may_see_secrets: number }>(server, 'SELECT id, role, may_see_secrets FROM memberships WHERE team_id = ? ORDER BY created_at, id', teamId);

describe('the members list', () => {
  it('shows the Owner and an Admin every member with role, guidebooks and when they joined, the pending invitations and the limit; not an Editor or a Cleaner', async () => {
    const { owner, loft } = await team();
    const cleaner = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [loft], maySeeSecrets: true });
    expect((await owner.call('/api/team/invitations', { method: 'POST', json: { email: `later-${process.pid}@example.com`, role: 'admin' } })).status).toBe(201);
    const body = (await (await owner.call('/api/team/members')).json()) as MembersAnswer;
    expect(body.members.map(({ name, email, role, guidebookIds, maySeeSecrets }) => ({ name, email, role, guidebookIds, maySeeSecrets }))).toEqual([
      { name: owner.name, email: owner.email, role: 'owner', guidebookIds: [], maySeeSecrets: true },
      { name: cleaner.name, email: cleaner.email, role: 'cleaner', guidebookIds: [loft], maySeeSecrets: true },
    ]);
    expect(body.members[1]!.joinedAt).toBeGreaterThan(0);
    expect(body.invitations.map((invitation) => invitation.email)).toEqual([`later-${process.pid}@example.com`]);
    expect(body.limit).toEqual({ plan: 'gold', planName: 'Gold', members: 3, taken: 3 });

    setUserPlan(server, owner.id, 'premium');
    const admin = await signedInMember(server, owner.teamId, 'admin');
    const editor = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [loft] });
    expect((await admin.call('/api/team/members')).status).toBe(200);
    for (const call of [editor.call, cleaner.call]) {
      expect(await answer(await call('/api/team/members'))).toEqual({ status: 403, body: { message: messages.team.roleCannot(call === editor.call ? 'Editor' : 'Cleaner', 'see the members') } });
    }
  });
});

describe('a change by the Owner', () => {
  it('counts at the member’s next request: a Cleaner made Editor edits, an Editor moved to another guidebook loses the first', async () => {
    const { owner, loft, flat } = await team();
    const member = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [loft] });
    const stay = { checkIn: '2031-07-01T15:00', checkOut: '2031-07-03T11:00' };
    expect((await member.call(`/api/instruction/${loft}/stays`, { method: 'POST', json: stay })).status).toBe(403);
    expect(JSON.stringify(await (await member.call(`/api/instruction/${loft}`)).json())).not.toContain(CODE);

    expect(await answer(await change(owner.call, member.membershipId, { maySeeSecrets: true }))).toEqual({ status: 200, body: { message: messages.members.changed(member.name) } });
    expect(JSON.stringify(await (await member.call(`/api/instruction/${loft}`)).json())).toContain(CODE);

    expect((await change(owner.call, member.membershipId, { role: 'editor' })).status).toBe(200);
    expect((await member.call(`/api/instruction/${loft}/stays`, { method: 'POST', json: stay })).status).toBe(201);
    // "May see secrets" is a Cleaner's: an Editor's membership does not keep it.
    expect(membershipRows(owner.teamId).find((row) => row.id === member.membershipId)).toMatchObject({ role: 'editor', may_see_secrets: 0 });

    expect(await listed(member.call)).toEqual([loft]);
    expect((await change(owner.call, member.membershipId, { guidebookIds: [flat] })).status).toBe(200);
    expect(await listed(member.call)).toEqual([flat]);
    expect(await answer(await member.call(`/api/instruction/${loft}`))).toEqual({ status: 404, body: { message: messages.instruction.notFound } });

    // An Admin sees every guidebook and holds no grants.
    expect((await change(owner.call, member.membershipId, { role: 'admin' })).status).toBe(200);
    expect(await listed(member.call)).toEqual([flat, loft].sort());
    expect(query(server, 'SELECT * FROM member_guidebooks WHERE membership_id = ?', member.membershipId)).toEqual([]);
    // Back to Editor: guidebooks are needed again.
    expect(await answer(await change(owner.call, member.membershipId, { role: 'editor' }))).toEqual({ status: 400, body: { message: messages.invitations.guidebooksRequired } });
    expect((await change(owner.call, member.membershipId, { role: 'editor', guidebookIds: [loft] })).status).toBe(200);
    expect(await listed(member.call)).toEqual([loft]);
  });

  it('refuses bad input, another team’s guidebook, the owner’s own membership, and an Admin (nothing changed)', async () => {
    const { owner, loft } = await team();
    const stranger = await team();
    const editor = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [loft] });
    const before = membershipRows(owner.teamId);
    const owners = membershipRows(owner.teamId)[0]!.id;
    const refused: Array<[unknown, number, string]> = [
      [{}, 400, messages.members.nothingToChange],
      [{ role: 'owner' }, 400, messages.members.roleInvalid],
      [{ role: 'superuser' }, 400, messages.members.roleInvalid],
      [{ maySeeSecrets: 'yes' }, 400, messages.members.secretsInvalid],
      [{ guidebookIds: [] }, 400, messages.invitations.guidebooksRequired],
      [{ guidebookIds: [stranger.loft] }, 400, messages.invitations.guidebookUnknown],
      [{ guidebookIds: 'all' }, 400, messages.invitations.guidebooksRequired],
      [[], 400, messages.members.nothingToChange],
    ];
    for (const [sent, status, message] of refused) expect({ sent, ...(await answer(await change(owner.call, editor.membershipId, sent))) }).toEqual({ sent, status, body: { message } });
    expect(await answer(await change(owner.call, owners, { role: 'admin' }))).toEqual({ status: 403, body: { message: messages.members.ownerFixed } });
    expect(await answer(await change(stranger.owner.call, editor.membershipId, { role: 'admin' }))).toEqual({ status: 404, body: { message: messages.members.notFound } });

    setUserPlan(server, owner.id, 'premium');
    const admin = await signedInMember(server, owner.teamId, 'admin');
    const after = membershipRows(owner.teamId);
    expect(await answer(await change(admin.call, editor.membershipId, { role: 'admin' }))).toEqual({ status: 403, body: { message: messages.team.roleCannot('Admin', 'change or remove members') } });
    expect(await answer(await change(editor.call, editor.membershipId, { role: 'admin' }))).toEqual({ status: 403, body: { message: messages.team.roleCannot('Editor', 'change or remove members') } });
    expect(after.slice(0, before.length)).toEqual(before);
    expect(membershipRows(owner.teamId)).toEqual(after);
  });
});

describe('removal', () => {
  it('signs the person out of that team at once; their session on their own team goes on', async () => {
    const { owner, loft } = await team();
    const email = `two-teams-${process.pid}@example.com`;
    const person = await createUser(server, { email, freshTeam: true });
    const own = await login(server, email, person.password);
    const joining = await login(server, email, person.password);
    const as = (cookie: string): Call => (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
    const after = smtp.mails.length;
    expect((await owner.call('/api/team/invitations', { method: 'POST', json: { email, role: 'editor', guidebookIds: [loft] } })).status).toBe(201);
    const token = /\/invite\/([\w-]+)/.exec((await mailTo(smtp, email, /invited you/, after)).text)![1]!;
    expect((await as(joining)('/api/invitations/accept', { method: 'POST', json: { token } })).status).toBe(200);
    expect(await listed(as(joining))).toEqual([loft]);
    expect(await listed(as(own))).toEqual([]);

    const { members } = (await (await owner.call('/api/team/members')).json()) as MembersAnswer;
    const membership = members.find((member) => member.email === email)!;
    expect(await answer(await remove(owner.call, membership.id))).toEqual({ status: 200, body: { message: messages.members.removed(person.name), left: false } });
    expect(await answer(await as(joining)(`/api/instruction/${loft}`))).toEqual({ status: 401, body: { message: messages.auth.pleaseLogIn } });
    expect((await as(own)('/api/users/me')).status).toBe(200);
    expect((await as(own)('/api/instruction')).status).toBe(200);
    expect(query(server, 'SELECT id FROM memberships WHERE team_id = ? AND user_id = ?', owner.teamId, person.id)).toEqual([]);
    expect(query(server, 'SELECT * FROM member_guidebooks WHERE membership_id = ?', membership.id)).toEqual([]);
    expect(query(server, 'SELECT team_id FROM sessions WHERE user_id = ?', person.id)).toEqual([{ team_id: person.teamId }]);
    // Gone: a second removal finds no one.
    expect(await answer(await remove(owner.call, membership.id))).toEqual({ status: 404, body: { message: messages.members.notFound } });
  });

  it('a member may leave; the owner can neither leave nor be removed; an Admin removes no one else; another team’s id is not found', async () => {
    const { owner, loft } = await team();
    const stranger = await team();
    const editor = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [loft] });
    const admin = await signedInMember(server, owner.teamId, 'admin');
    const owners = membershipRows(owner.teamId)[0]!.id;

    expect(await answer(await remove(owner.call, owners))).toEqual({ status: 403, body: { message: messages.members.ownerCannotLeave } });
    expect(await answer(await remove(admin.call, owners))).toEqual({ status: 403, body: { message: messages.team.roleCannot('Admin', 'change or remove members') } });
    expect(await answer(await remove(admin.call, editor.membershipId))).toEqual({ status: 403, body: { message: messages.team.roleCannot('Admin', 'change or remove members') } });
    expect(await answer(await remove(stranger.owner.call, editor.membershipId))).toEqual({ status: 404, body: { message: messages.members.notFound } });
    expect(await answer(await remove(editor.call, admin.membershipId))).toEqual({ status: 403, body: { message: messages.team.roleCannot('Editor', 'change or remove members') } });
    expect(membershipRows(owner.teamId).map((row) => row.role)).toEqual(['owner', 'editor', 'admin']);

    const teamName = query<{ name: string }>(server, 'SELECT name FROM teams WHERE id = ?', owner.teamId)[0]!.name;
    expect(await answer(await remove(editor.call, editor.membershipId))).toEqual({ status: 200, body: { message: messages.members.left(teamName), left: true } });
    expect((await editor.call('/api/instruction')).status).toBe(401);
    expect((await admin.call(`/api/team/members/${admin.membershipId}`, { method: 'DELETE' })).status).toBe(200);
    expect(membershipRows(owner.teamId).map((row) => row.role)).toEqual(['owner']);
  });

  it('a member suspended past the plan’s limit may still leave', async () => {
    const { owner, loft } = await team();
    const first = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [loft] });
    const second = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [loft] });
    setUserPlan(server, owner.id, 'free');
    expect((await second.call('/api/instruction')).status).toBe(403);
    expect((await remove(second.call, second.membershipId)).status).toBe(200);
    expect((await remove(first.call, first.membershipId)).status).toBe(200);
  });
});

describe('pages that carry an invitation’s token', () => {
  it('send Referrer-Policy: no-referrer (/invite/:token, and /register and /login reached from it); plain /login keeps the site’s policy', async () => {
    const token = 'a'.repeat(43);
    for (const path of [`/invite/${token}`, `/register?invitation=${token}`, `/login?redirect=/invite/${token}`, `/LOGIN?redirect=%2Finvite%2F${token}`]) {
      const response = await server.request(path);
      expect({ path, policy: response.headers.get('referrer-policy') }).toEqual({ path, policy: 'no-referrer' });
    }
    for (const path of ['/login', '/register', '/login?redirect=/dashboard']) {
      const response = await server.request(path);
      expect({ path, policy: response.headers.get('referrer-policy') }).toEqual({ path, policy: 'strict-origin-when-cross-origin' });
    }
  });
});

describe('the pricing view', () => {
  it('says how many people each plan holds (Free 1, Gold 3, Premium 10)', async () => {
    const html = await (await server.request('/')).text();
    // Each plan's card runs from its data-plan to the next one's.
    const cards = Object.fromEntries(html.split('data-plan="').slice(1).map((part) => [part.slice(0, part.indexOf('"')), part]));
    const card = (plan: string) => cards[plan] ?? '';
    expect(card('free')).toContain('Up to 1 team member: you');
    expect(card('gold')).toContain('Up to 3 team members');
    expect(card('premium')).toContain('Up to 10 team members');
  });
});
