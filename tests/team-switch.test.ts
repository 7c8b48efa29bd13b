import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { SHOWN_TEAM_HEADER, TEAM_SWITCHED_CODE, type TeamChoice, type TeamSummary } from '../src/lib/shared/team-switch.ts';
import { createUser, login, mailTo, query, run, signedInHost, withCookie, type Call, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * The team a session acts for (docs/decisions/028-teams.md §5; docs/security.md 41): a person in
 * several teams switches with `PUT /api/session/team`, a tab still showing the team before gets
 * 409 through `X-Porchlight-Team`, a person who owns no team starts one (`POST /api/teams`), and a
 * removed membership counts at the next request. Over real HTTP, the members joined through the
 * mailed invitations (the SMTP stand-in), on SQLite or PostgreSQL (TEST_DATABASE_URL).
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

interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
  call: Call;
}

let counter = 0;

/** A person with an account and no team of their own (as an invited cleaner or co-host), signed in. */
async function personWithoutTeam(): Promise<Person> {
  counter += 1;
  const user = await createUser(server, { noTeam: true, name: `Co-host ${counter}`, email: `cohost${counter}-${process.pid}@example.com` });
  const cookie = await login(server, user.email, user.password);
  return { ...user, cookie, call: callWith(cookie) };
}

function callWith(cookie: string): Call {
  return (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
}

async function guidebook(owner: SignedInHost, name: string): Promise<string> {
  const response = await owner.call('/api/instruction', { method: 'POST', json: { nameInstruction: name } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: { _id: string } }).instruction._id;
}

/** `owner` invites `person` with `role`; the person accepts through the mailed link, as the page does. */
async function join(owner: SignedInHost, person: Person, role: 'admin' | 'editor' | 'cleaner', guidebookIds: string[] = []): Promise<void> {
  const mark = smtp.mails.length;
  const invited = await owner.call('/api/team/invitations', { method: 'POST', json: { email: person.email, role, guidebookIds } });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const mail = await mailTo(smtp, person.email, /invited you/, mark);
  const token = /https?:\/\/\S+\/invite\/([\w-]+)/.exec(mail.text)![1]!;
  const accepted = await person.call('/api/invitations/accept', { method: 'POST', json: { token } });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
}

const names = async (call: Call, headers: Record<string, string> = {}) => ((await (await call('/api/instruction', { headers })).json()) as Array<{ nameInstruction: string }>).map((row) => row.nameInstruction).sort();
const switchTo = (call: Call, teamId: string) => call('/api/session/team', { method: 'PUT', json: { teamId } });

interface World {
  harbour: SignedInHost;
  garden: SignedInHost;
  person: Person;
}

/** Two owners with a guidebook each, and a person who co-hosts both (Admin of each), acting for the second. */
async function coHostOfTwo(): Promise<World> {
  const harbour = await signedInHost(server, 'gold', { freshTeam: true });
  const garden = await signedInHost(server, 'gold', { freshTeam: true });
  await guidebook(harbour, 'Harbour Loft');
  await guidebook(garden, 'Garden Flat');
  await guidebook(garden, 'Garden Studio');
  const person = await personWithoutTeam();
  await join(harbour, person, 'admin');
  await join(garden, person, 'admin');
  return { harbour, garden, person };
}

describe('switching teams', () => {
  it('a co-host of two teams switches, and reads only the team switched to; a new sign-in keeps it', async () => {
    const { harbour, garden, person } = await coHostOfTwo();
    // The last accept pointed the session at the team it joined.
    expect(await names(person.call)).toEqual(['Garden Flat', 'Garden Studio']);
    const me = (await (await person.call('/api/users/me')).json()) as { team: { id: string; name: string }; teams: TeamChoice[] };
    expect(me.team).toMatchObject({ id: garden.teamId, name: garden.name, role: 'admin' });
    expect(me.teams).toEqual([
      { id: harbour.teamId, name: harbour.name, role: 'admin' },
      { id: garden.teamId, name: garden.name, role: 'admin' },
    ]);

    const switched = await switchTo(person.call, harbour.teamId);
    expect(switched.status).toBe(200);
    expect((await switched.json()) as TeamSummary).toEqual({ id: harbour.teamId, name: harbour.name, role: 'admin', plan: 'gold', memberLimit: 3, members: 2, openInvitations: 0, guidebooks: 1 });
    expect(await names(person.call)).toEqual(['Harbour Loft']);
    // A stay written now lands in the team switched to.
    const loft = query<{ id: string }>(server, 'SELECT id FROM instructions WHERE team_id = ?', harbour.teamId)[0]!.id;
    expect((await person.call(`/api/instruction/${loft}/stays`, { method: 'POST', json: { checkIn: '2031-07-01T15:00', checkOut: '2031-07-03T11:00' } })).status).toBe(201);
    // Another device signing in acts for the team last switched to.
    const again = callWith(await login(server, person.email, person.password));
    expect(await names(again)).toEqual(['Harbour Loft']);
  });

  it('to a team the person is not a member of answers 404 and changes nothing; bad input 400', async () => {
    const { person, garden } = await coHostOfTwo();
    const stranger = await signedInHost(server, 'free', { freshTeam: true });
    for (const teamId of [stranger.teamId, 'no-such-team']) {
      const refused = await switchTo(person.call, teamId);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: messages.team.notFound });
    }
    expect(query<{ team_id: string }>(server, 'SELECT DISTINCT team_id FROM sessions WHERE user_id = ?', person.id)).toEqual([{ team_id: garden.teamId }]);
    for (const body of [{}, { teamId: '' }, { teamId: 7 }, { teamId: 'x'.repeat(65) }]) {
      const bad = await person.call('/api/session/team', { method: 'PUT', json: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await bad.json()) as { message: unknown }).message).toBe('string');
    }
    // From another site: refused before anything is read (docs/security.md 7).
    const crossSite = await server.request('/api/session/team', { method: 'PUT', json: { teamId: garden.teamId }, headers: withCookie(person.cookie, { origin: 'https://evil.example' }) });
    expect(crossSite.status).toBe(403);
  });

  it('a tab that still shows the team before answers 409 and writes nothing; no header acts for the session’s team', async () => {
    const { harbour, garden, person } = await coHostOfTwo();
    // Two tabs of one session: the first switches to Harbour, the second still shows Garden.
    expect((await switchTo(person.call, harbour.teamId)).status).toBe(200);
    const staleTab = { [SHOWN_TEAM_HEADER]: garden.teamId };
    const stale = await person.call('/api/instruction', { headers: staleTab });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: messages.team.switchedElsewhere, code: TEAM_SWITCHED_CODE });
    const before = query(server, 'SELECT id FROM instructions WHERE team_id IN (?, ?) ORDER BY id', harbour.teamId, garden.teamId);
    const write = await person.call('/api/instruction', { method: 'POST', json: { nameInstruction: 'Meant for Garden' }, headers: staleTab });
    expect(write.status).toBe(409);
    expect(query(server, 'SELECT id FROM instructions WHERE team_id IN (?, ?) ORDER BY id', harbour.teamId, garden.teamId)).toEqual(before);
    // The tab that switched names the team it shows; a script names none.
    expect(await names(person.call, { [SHOWN_TEAM_HEADER]: harbour.teamId })).toEqual(['Harbour Loft']);
    expect(await names(person.call)).toEqual(['Harbour Loft']);
    // The person's own routes answer whatever the header says: the stale tab learns of the switch there.
    expect((await person.call('/api/users/me', { headers: staleTab })).status).toBe(200);
  });

  it('a removed membership makes the next request act for no team, and the team leaves the list', async () => {
    const { harbour, garden, person } = await coHostOfTwo();
    run(server, 'DELETE FROM memberships WHERE team_id = ? AND user_id = ?', garden.teamId, person.id);
    const refused = await person.call('/api/instruction');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: messages.team.noTeam });
    expect((await person.call('/api/instruction', { headers: { [SHOWN_TEAM_HEADER]: garden.teamId } })).status).toBe(403);
    const me = (await (await person.call('/api/users/me')).json()) as { team: unknown; teams: TeamChoice[] };
    expect(me.team).toBeNull();
    expect(me.teams.map((team) => team.id)).toEqual([harbour.teamId]);
    expect((await switchTo(person.call, garden.teamId)).status).toBe(404);
    expect((await switchTo(person.call, harbour.teamId)).status).toBe(200);
    expect(await names(person.call)).toEqual(['Harbour Loft']);
  });
});

describe('GET /api/team', () => {
  it('answers every role with the team, its plan and limit, and the guidebooks the member works in', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const loft = await guidebook(owner, 'Harbour Loft');
    await guidebook(owner, 'Garden Flat');
    const cleaner = await personWithoutTeam();
    await join(owner, cleaner, 'cleaner', [loft]);
    expect((await owner.call('/api/team/invitations', { method: 'POST', json: { email: `open-${process.pid}@example.com`, role: 'admin' } })).status).toBe(201);
    const base = { id: owner.teamId, name: owner.name, plan: 'premium', memberLimit: 10, members: 2, openInvitations: 1 };
    expect(await (await owner.call('/api/team')).json()).toEqual({ ...base, role: 'owner', guidebooks: 2 });
    expect(await (await cleaner.call('/api/team')).json()).toEqual({ ...base, role: 'cleaner', guidebooks: 1 });
  });
});

describe('starting your own guidebooks', () => {
  it('gives a person who owns no team a team of one, switches to it, and answers 409 the second time', async () => {
    const { garden, person } = await coHostOfTwo();
    const started = await person.call('/api/teams', { method: 'POST' });
    expect(started.status).toBe(201);
    const summary = (await started.json()) as TeamSummary;
    expect(summary).toMatchObject({ name: person.name, role: 'owner', plan: 'free', memberLimit: 1, members: 1, openInvitations: 0, guidebooks: 0 });
    expect(summary.id).not.toBe(person.id);
    expect(await names(person.call)).toEqual([]);
    const cabin = await person.call('/api/instruction', { method: 'POST', json: { nameInstruction: 'My Own Cabin' } });
    expect(cabin.status).toBe(201);
    const cabinId = ((await cabin.json()) as { instruction: { _id: string } }).instruction._id;
    expect(query(server, 'SELECT team_id FROM instructions WHERE id = ?', cabinId)).toEqual([{ team_id: summary.id }]);
    const me = (await (await person.call('/api/users/me')).json()) as { teams: TeamChoice[] };
    expect(me.teams[0]).toEqual({ id: summary.id, name: person.name, role: 'owner' });
    expect(me.teams).toHaveLength(3);

    // Back in Garden, a second start is refused: they own a team already.
    expect((await switchTo(person.call, garden.teamId)).status).toBe(200);
    const again = await person.call('/api/teams', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: messages.team.ownTeamExists });
    expect(query(server, "SELECT team_id FROM memberships WHERE user_id = ? AND role = 'owner'", person.id)).toEqual([{ team_id: summary.id }]);
    expect(await names(person.call)).toEqual(['Garden Flat', 'Garden Studio']);
  });

  it('two starts at once make one team', async () => {
    const person = await personWithoutTeam();
    const answers = await Promise.all([person.call('/api/teams', { method: 'POST' }), person.call('/api/teams', { method: 'POST' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(query(server, "SELECT team_id FROM memberships WHERE user_id = ? AND role = 'owner'", person.id)).toHaveLength(1);
  });

  it('a host who owns a team gets 409', async () => {
    const host = await signedInHost(server, 'free', { freshTeam: true });
    expect((await host.call('/api/teams', { method: 'POST' })).status).toBe(409);
  });
});
