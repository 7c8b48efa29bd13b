import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { PendingInvitation } from '../src/lib/shared/schemas/invitation.ts';
import { createUser, login, mailTo, query, run, sessionCookieFrom, setUserPlan, signedInHost, withCookie, type Call, type SignedInHost } from './helpers/auth.ts';
import { signedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * Invitations (docs/decisions/028-teams.md §7, §8; docs/security.md 11): the owner invites an
 * address with a role, the mailed single-use link joins the person signed in with that address,
 * and the plan's member limit counts members and open invitations. Over real HTTP, with the
 * outbox delivering to an SMTP stand-in, on SQLite or PostgreSQL (TEST_DATABASE_URL).
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

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const address = () => `invitee${++counter}-${process.pid}@example.com`;

/** The token of the newest invitation mail to `to` (from `after` on). */
async function tokenMailedTo(to: string, after = 0): Promise<{ token: string; mail: ReceivedMail }> {
  const mail = await mailTo(smtp, to, /invited you/, after);
  const match = mail.text.match(/https?:\/\/\S+\/invite\/([\w-]+)/);
  if (!match) throw new Error(`no /invite link in:\n${mail.text}`);
  return { token: match[1]!, mail };
}

async function guidebook(owner: SignedInHost, name = 'Harbour Loft'): Promise<string> {
  const response = await owner.call('/api/instruction', { method: 'POST', json: { nameInstruction: name, code: 'DOOR-4417' } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: { _id: string } }).instruction._id;
}

async function invite(owner: SignedInHost, body: Record<string, unknown>): Promise<Response> {
  return owner.call('/api/team/invitations', { method: 'POST', json: body });
}

/** A person with an account (and a team of their own) at `email`, signed in. */
async function personAt(email: string): Promise<{ id: string; call: Call }> {
  const user = await createUser(server, { email, freshTeam: true });
  const cookie = await login(server, email, user.password);
  return { id: user.id, call: (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) }) };
}

const accept = (call: Call, token: string) => call('/api/invitations/accept', { method: 'POST', json: { token } });
const memberships = (teamId: string) => query<{ user_id: string; role: string }>(server, 'SELECT user_id, role FROM memberships WHERE team_id = ? ORDER BY created_at', teamId);

describe('an invitation', () => {
  it('mails a link without secrets; the invited address joins in its role with its guidebooks, and the owner hears of it', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const granted = await guidebook(owner);
    await guidebook(owner, 'Garden Flat');
    const email = address();
    const sent = await invite(owner, { email: email.toUpperCase(), role: 'editor', guidebookIds: [granted] });
    expect(sent.status).toBe(201);
    const { token, mail } = await tokenMailedTo(email);
    expect(mail.text).not.toContain('DOOR-4417');
    const stored = query<{ token_hash: string; created_at: number; expires_at: number }>(server, 'SELECT token_hash, created_at, expires_at FROM team_invitations WHERE email = ?', email)[0]!;
    expect(stored.token_hash).not.toBe(token);
    expect(stored.expires_at - stored.created_at).toBe(7 * DAY);

    const person = await personAt(email);
    const joined = await accept(person.call, token);
    expect(joined.status).toBe(200);
    expect(memberships(owner.teamId).map((row) => row.role)).toEqual(['owner', 'editor']);
    // The session acts for the team now: the granted guidebook and no other.
    const list = (await (await person.call('/api/instruction')).json()) as Array<{ _id: string }>;
    expect(list.map((row) => row._id)).toEqual([granted]);
    await mailTo(smtp, owner.email, /joined as Editor/);
    expect(((await (await owner.call('/api/team/invitations')).json()) as { invitations: PendingInvitation[] }).invitations).toEqual([]);
  });

  it('is used once: of two accepts at the same time one joins, the other is told it was used', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const email = address();
    expect((await invite(owner, { email, role: 'admin' })).status).toBe(201);
    const { token } = await tokenMailedTo(email);
    const person = await personAt(email);
    const second = await login(server, email, 'correct horse battery');
    const answers = await Promise.all([accept(person.call, token), server.request('/api/invitations/accept', { method: 'POST', json: { token }, headers: withCookie(second) })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const refused = answers.find((answer) => answer.status === 410)!;
    expect(await refused.json()).toEqual({ message: messages.invitations.used });
    expect(memberships(owner.teamId)).toHaveLength(2);
  });

  it('is bound to the invited address: another signed-in person gets 403 and joins nothing, the link stays good', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const email = address();
    await invite(owner, { email, role: 'admin' });
    const { token } = await tokenMailedTo(email);
    const stranger = await personAt(address());
    const refused = await accept(stranger.call, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: messages.invitations.otherAddress(`${email[0]}…@example.com`) });
    expect(memberships(owner.teamId)).toHaveLength(1);
    expect((await accept((await personAt(email)).call, token)).status).toBe(200);
  });

  it('dies after 7 days, when resent (the new link works) and when revoked', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const [late, resent, revoked] = [address(), address(), address()];
    for (const email of [late, resent, revoked]) expect((await invite(owner, { email, role: 'admin' })).status).toBe(201);
    const lateLink = (await tokenMailedTo(late)).token;
    run(server, 'UPDATE team_invitations SET expires_at = ? WHERE email = ?', Date.now() - 1, late);
    expect(await (await accept((await personAt(late)).call, lateLink)).json()).toEqual({ message: messages.invitations.expired });

    const { invitations } = (await (await owner.call('/api/team/invitations')).json()) as { invitations: PendingInvitation[] };
    expect(invitations.find((row) => row.email === late)?.expired).toBe(true);
    const byEmail = (email: string) => invitations.find((row) => row.email === email)!.id;

    const first = await tokenMailedTo(resent);
    const mark = smtp.mails.length;
    expect((await owner.call(`/api/team/invitations/${byEmail(resent)}/resend`, { method: 'POST' })).status).toBe(200);
    const second = await tokenMailedTo(resent, mark);
    expect(second.token).not.toBe(first.token);
    const person = await personAt(resent);
    const old = await accept(person.call, first.token);
    expect(old.status).toBe(404);
    expect((await accept(person.call, second.token)).status).toBe(200);

    const revokedLink = (await tokenMailedTo(revoked)).token;
    expect((await owner.call(`/api/team/invitations/${byEmail(revoked)}`, { method: 'DELETE' })).status).toBe(200);
    const gone = await accept((await personAt(revoked)).call, revokedLink);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ message: messages.invitations.revokedLink });
    expect((await owner.call(`/api/team/invitations/${byEmail(revoked)}`, { method: 'DELETE' })).status).toBe(409);
  });
});

describe('registering from the link', () => {
  it('makes the account verified, with no team of its own, in the team, signed in; another address makes nothing', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const email = address();
    await invite(owner, { email, role: 'admin' });
    const { token } = await tokenMailedTo(email);
    const body = { name: 'Ana Horvat', password: 'a long enough password', invitation: token };

    const wrong = address();
    const refused = await server.request('/api/users', { method: 'POST', json: { ...body, email: wrong } });
    expect(refused.status).toBe(403);
    expect(query(server, 'SELECT id FROM users WHERE email = ?', wrong)).toEqual([]);
    // The same refusal for an address that has an account: the answer tells nothing about it.
    const taken = (await createUser(server)).email;
    const alsoRefused = await server.request('/api/users', { method: 'POST', json: { ...body, email: taken } });
    expect([alsoRefused.status, await alsoRefused.json()]).toEqual([403, await refused.clone().json()]);

    const registered = await server.request('/api/users', { method: 'POST', json: { ...body, email } });
    expect(registered.status).toBe(201);
    const [user] = query<{ id: string; email_verified_at: number | null }>(server, 'SELECT id, email_verified_at FROM users WHERE email = ?', email);
    expect(user?.email_verified_at).not.toBeNull();
    expect(query<{ team_id: string; role: string }>(server, 'SELECT team_id, role FROM memberships WHERE user_id = ?', user!.id)).toEqual([{ team_id: owner.teamId, role: 'admin' }]);
    expect((await server.request('/api/settings', { headers: withCookie(sessionCookieFrom(registered)) })).status).toBe(200);
  });
});

describe('members per plan', () => {
  it('Free is the owner alone; Gold holds 3, counting open invitations, and a revoked one frees its place', async () => {
    const free = await signedInHost(server, 'free', { freshTeam: true });
    const refused = await invite(free, { email: address(), role: 'admin' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: messages.team.memberLimit('Free', 1) });

    const gold = await signedInHost(server, 'gold', { freshTeam: true });
    const created: string[] = [];
    for (let index = 0; index < 2; index += 1) created.push(((await (await invite(gold, { email: address(), role: 'admin' })).json()) as { id: string }).id);
    const third = await invite(gold, { email: address(), role: 'admin' });
    expect(third.status).toBe(403);
    expect(await third.json()).toEqual({ message: messages.team.memberLimit('Gold', 3) });
    await gold.call(`/api/team/invitations/${created[0]}`, { method: 'DELETE' });
    expect((await invite(gold, { email: address(), role: 'admin' })).status).toBe(201);
  });

  it('a downgrade suspends the newest members, not the owner nor those who joined first', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const [first, second, newest] = [await signedInMember(server, owner.teamId, 'admin'), await signedInMember(server, owner.teamId, 'admin'), await signedInMember(server, owner.teamId, 'admin')];
    const joined = Date.now() - DAY;
    for (const [index, member] of [first, second, newest].entries()) run(server, 'UPDATE memberships SET created_at = ? WHERE id = ?', joined + index, member.membershipId);
    for (const member of [first, second, newest]) expect((await member.call('/api/instruction')).status).toBe(200);

    setUserPlan(server, owner.id, 'gold');
    const suspended = await newest.call('/api/instruction');
    expect(suspended.status).toBe(403);
    expect(await suspended.json()).toEqual({ message: messages.team.overMemberLimit(3) });
    for (const call of [owner.call, first.call, second.call]) expect((await call('/api/instruction')).status).toBe(200);
    setUserPlan(server, owner.id, 'premium');
    expect((await newest.call('/api/instruction')).status).toBe(200);
  });
});

describe('what an invitation may not do', () => {
  it('spends the mail budget: an address that had its mails today is not sent one, and nothing is stored', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const id = await guidebook(owner);
    const email = address();
    for (let index = 0; index < 5; index += 1) expect((await owner.call(`/api/instruction/${id}/share`, { method: 'POST', json: { email } })).status).toBe(200);
    const refused = await invite(owner, { email, role: 'admin' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many e-mails/);
    expect(query(server, 'SELECT id FROM team_invitations WHERE email = ?', email)).toEqual([]);
  });

  it('answers bad input with a clear message', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const stranger = await signedInHost(server, 'gold', { freshTeam: true });
    const theirs = await guidebook(stranger);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ email: 'not-an-address', role: 'admin' }, 400, messages.invitations.emailInvalid],
      [{ email: address(), role: 'owner' }, 400, messages.invitations.roleInvalid],
      [{ email: address(), role: 'cleaner' }, 400, messages.invitations.guidebooksRequired],
      [{ email: address(), role: 'editor', guidebookIds: [theirs] }, 400, messages.invitations.guidebookUnknown],
      [{ email: owner.email, role: 'admin' }, 409, messages.invitations.alreadyMember],
    ];
    for (const [body, status, message] of cases) {
      const response = await invite(owner, body);
      expect([response.status, await response.json()]).toEqual([status, { message }]);
    }
    const email = address();
    await invite(owner, { email, role: 'admin' });
    expect(await (await invite(owner, { email, role: 'admin' })).json()).toEqual({ message: messages.invitations.alreadyInvited });
    const person = await personAt(address());
    expect(await (await person.call('/api/invitations/accept', { method: 'POST', json: {} })).json()).toEqual({ message: messages.invitations.tokenRequired });
    const unknown = await accept(person.call, 'no-such-token');
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: messages.invitations.notFound }]);
    expect((await server.request('/api/invitations/accept', { method: 'POST', json: { token: 'x' } })).status).toBe(401);
  });
});
