import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { schemaFields } from '../src/lib/shared/schemas/field-kinds.ts';
import { instructionContentSchema } from '../src/lib/shared/schemas/instruction.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { ROLE_NAMES } from '../src/lib/shared/team-roles.ts';
import { SECRET_FIELD_NAMES, type ActivityItem, type ActivityPage } from '../src/lib/shared/team-activity.ts';
import { createUser, login, mailTo, query, run, signedInHost, withCookie, type Call, type SignedInHost } from './helpers/auth.ts';
import { signedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { guidebookWithOrder, versionOf } from './helpers/team-seed.ts';

/**
 * The team's activity list (docs/decisions/028-teams.md §9, docs/product.md §6, docs/security.md
 * 40): each change writes its line in its own transaction, with who did it and which guidebook;
 * no secret's value is ever written; Owner and Admin read it, newest first, 50 a page; lines past
 * a year go. Over real HTTP on SQLite or PostgreSQL (TEST_DATABASE_URL).
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

const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function ok<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

async function activity(call: Call, before?: string): Promise<ActivityPage> {
  return ok<ActivityPage>(call(`/api/team/activity${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`));
}

async function guidebook(owner: SignedInHost, body: Record<string, unknown>): Promise<Instruction> {
  return (await ok<{ instruction: Instruction }>(owner.call('/api/instruction', { json: body }), 201)).instruction;
}

async function addStay(owner: SignedInHost, guidebookId: string, body: Record<string, unknown>): Promise<Stay> {
  return (await ok<{ stay: Stay }>(owner.call(`/api/instruction/${guidebookId}/stays`, { json: body }), 201)).stay;
}

/** The lines of a page as `action actor guidebook`, oldest first, for a readable comparison. */
const lines = (items: ActivityItem[]) => [...items].reverse().map((item) => `${item.action} ${item.actor}${item.actorName ? ` (${item.actorName})` : ''}${item.guidebookName ? ` · ${item.guidebookName}` : ''}`);

describe('the activity list', () => {
  it('has a line for each change, with who made it and which guidebook', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const loft = await guidebook(owner, { nameInstruction: 'Harbour Loft', timeZone: 'UTC' });
    // A stay added, moved, its channel changed, and deleted.
    const stay = await addStay(owner, loft._id, { guestName: 'Lena', checkIn: day(10), checkOut: day(12) });
    await ok(owner.call(`/api/instruction/${loft._id}/stays/${stay._id}`, { method: 'PATCH', json: { checkOut: day(13) } }));
    await ok(owner.call(`/api/instruction/${loft._id}/stays/${stay._id}`, { method: 'PATCH', json: { channel: 'airbnb' } }));
    await ok(owner.call(`/api/instruction/${loft._id}/stays/${stay._id}`, { method: 'DELETE' }));
    // Auto-Fill saved, then applied to the guidebooks.
    const settings = await ok<Record<string, unknown>>(owner.call('/api/settings'));
    await ok(owner.call('/api/settings', { method: 'PUT', json: { ...settings, phone: '+385 91 555 0101' } }));
    await ok(owner.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: { phone: '+385 91 555 0199' }, applyToExistingInstruction: { contact: true } } }));
    // The door code changed.
    await ok(owner.call(`/api/instruction/${loft._id}`, { method: 'PATCH', json: { code: 'DOOR-1234' } }));
    // An order approved in the dashboard, one declined from the mailed link.
    const first = await guidebookWithOrder(owner.call, server);
    await ok(owner.call(`/api/orders/${first.orderId}`, { method: 'PATCH', json: { decision: 'approve' } }));
    const second = await guidebookWithOrder(owner.call, server);
    const mail = readableParts(await smtp.waitForMail((each) => readableParts(each).includes(`/orders/${second.orderId}/approve?token=`)));
    const token = new URL(mail.match(/https?:\/\/\S+\/orders\/\S+\/approve\?token=[\w-]+/)![0]).searchParams.get('token')!;
    await ok(server.request(`/api/orders/${second.orderId}/decide`, { method: 'POST', json: { token, decision: 'decline' } }));
    // The approved order's stay deleted, its order ended with it: the system follows the stay.
    const [firstStay] = query<{ stay_id: string }>(server, 'SELECT stay_id FROM orders WHERE id = ?', first.orderId);
    await ok(owner.call(`/api/instruction/${first.guidebook._id}/stays/${firstStay!.stay_id}?orders=refund`, { method: 'DELETE' }));
    // An invitation sent, resent and revoked; another sent and accepted.
    const { id: invitation } = await ok<{ id: string }>(owner.call('/api/team/invitations', { method: 'POST', json: { email: `gone-${process.pid}@example.com`, role: 'admin' } }), 201);
    await ok(owner.call(`/api/team/invitations/${invitation}/resend`, { method: 'POST' }));
    await ok(owner.call(`/api/team/invitations/${invitation}`, { method: 'DELETE' }));
    const joinerEmail = `joiner-${process.pid}@example.com`;
    await ok(owner.call('/api/team/invitations', { method: 'POST', json: { email: joinerEmail, role: 'admin' } }), 201);
    const invitationToken = (await mailTo(smtp, joinerEmail, /invited you/)).text.match(/\/invite\/([\w-]+)/)![1]!;
    const joiner = await createUser(server, { email: joinerEmail, name: 'Ivo Joiner', freshTeam: true });
    const cookie = await login(server, joinerEmail, joiner.password);
    await ok(server.request('/api/invitations/accept', { method: 'POST', json: { token: invitationToken }, headers: withCookie(cookie) }));

    const page = await activity(owner.call);
    const host = owner.name;
    expect(lines(page.items)).toEqual([
      `stay.added member (${host}) · Harbour Loft`,
      `stay.moved member (${host}) · Harbour Loft`,
      `stay.channel member (${host}) · Harbour Loft`,
      `stay.deleted member (${host}) · Harbour Loft`,
      `settings.saved member (${host})`,
      `settings.applied member (${host})`,
      `guidebook.secrets member (${host}) · Harbour Loft`,
      `stay.added member (${host}) · Seaside Studio`,
      `order.moved member (${host}) · Seaside Studio`,
      `stay.added member (${host}) · Seaside Studio`,
      'order.moved mail-link · Seaside Studio',
      `stay.deleted member (${host}) · Seaside Studio`,
      'order.moved system · Seaside Studio',
      `invitation.sent member (${host})`,
      `invitation.resent member (${host})`,
      `invitation.revoked member (${host})`,
      `invitation.sent member (${host})`,
      'invitation.accepted member (Ivo Joiner)',
    ]);
    const byAction = (action: string) => page.items.filter((item) => item.action === action);
    expect(byAction('order.moved').map((item) => item.details)).toEqual([
      { title: 'Breakfast basket', event: 'stay-lost', from: 'approved', to: 'cancelled' },
      { title: 'Breakfast basket', event: 'decline', from: 'requested', to: 'declined' },
      { title: 'Breakfast basket', event: 'approve', from: 'requested', to: 'approved' },
    ]);
    expect(byAction('stay.channel')[0]!.details).toEqual({ guestName: 'Lena', from: 'direct', to: 'airbnb' });
    expect(byAction('settings.applied')[0]!.details).toEqual({ groups: ['contact'], guidebooks: 1 });
    expect(byAction('guidebook.secrets')[0]!.details).toEqual({ fields: ['code'] });
    expect(byAction('invitation.accepted')[0]!.details).toEqual({ email: joinerEmail, role: 'admin' });
    expect(page.next).toBeNull();
    // The admin who joined reads the same list.
    const asAdmin = await activity((path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie) }));
    expect(asAdmin.items.map((item) => item.id)).toEqual(page.items.map((item) => item.id));
  });

  it('has a line when the Owner changes a member, removes one, and when a member leaves', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const loft = await guidebook(owner, { nameInstruction: 'Harbour Loft' });
    const studio = await guidebook(owner, { nameInstruction: 'Seaside Studio' });
    const cleaner = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [loft._id] });
    const editor = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [loft._id] });
    await ok(owner.call(`/api/team/members/${cleaner.membershipId}`, { method: 'PATCH', json: { maySeeSecrets: true } }));
    await ok(owner.call(`/api/team/members/${cleaner.membershipId}`, { method: 'PATCH', json: { role: 'editor', guidebookIds: [loft._id, studio._id] } }));
    await ok(owner.call(`/api/team/members/${cleaner.membershipId}`, { method: 'DELETE' }));
    await ok(editor.call(`/api/team/members/${editor.membershipId}`, { method: 'DELETE' }));
    // A refused change (the owner's own membership is fixed) writes nothing.
    const [own] = query<{ id: string }>(server, "SELECT id FROM memberships WHERE team_id = ? AND role = 'owner'", owner.teamId);
    expect((await owner.call(`/api/team/members/${own!.id}`, { method: 'PATCH', json: { role: 'admin' } })).status).toBe(403);

    const page = await activity(owner.call);
    expect(lines(page.items)).toEqual([`member.changed member (${owner.name})`, `member.changed member (${owner.name})`, `member.removed member (${owner.name})`, `member.left member (${editor.name})`]);
    expect([...page.items].reverse().map((item) => item.details)).toEqual([
      { member: cleaner.name, maySeeSecrets: true },
      { member: cleaner.name, role: { from: 'cleaner', to: 'editor' }, guidebooks: 2, maySeeSecrets: false },
      { member: cleaner.name, role: 'editor' },
      { role: 'editor' },
    ]);
  });

  it('names the secret fields that changed, never their values', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const secrets = { code: 'DOOR-OLD-5521', wifiPassword: 'wifi-old-Pass-7731', secretsPin: '40917263' };
    const book = await guidebook(owner, { nameInstruction: 'Garden Flat', wifiName: 'Flat', ...secrets, secretsPolicy: 'pin' });
    const fresh = { code: 'DOOR-NEW-8842', wifiPassword: 'wifi-new-Pass-3310', secretsPin: '58203147' };
    await ok(owner.call(`/api/instruction/${book._id}`, { method: 'PATCH', json: { code: fresh.code } }));
    const current = await ok<Instruction>(owner.call(`/api/instruction/${book._id}`));
    await ok(owner.call(`/api/instruction/${book._id}`, { method: 'PUT', json: { ...current, wifiPassword: fresh.wifiPassword, secretsPin: fresh.secretsPin, version: versionOf(server, book._id) } }));
    const page = await activity(owner.call);
    expect(page.items.map((item) => item.details)).toEqual([{ fields: ['wifiPassword', 'secretsPin'] }, { fields: ['code'] }]);
    const stored = JSON.stringify(query(server, 'SELECT * FROM team_activity WHERE team_id = ?', owner.teamId));
    for (const value of [...Object.values(secrets), ...Object.values(fresh)]) expect(stored).not.toContain(value);
    // Every field the schema declares secret is one the line may name (and so never writes).
    const declared = schemaFields(instructionContentSchema).filter((field) => field.declaration?.kind === 'secret').map((field) => field.path);
    expect(declared.filter((field) => !(SECRET_FIELD_NAMES as readonly string[]).includes(field))).toEqual([]);
  });

  it('writes an order’s move and its line together: a move that fails leaves no line, a line that fails undoes the move', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const { orderId } = await guidebookWithOrder(owner.call, server);
    const orderLines = () => query<{ n: number }>(server, "SELECT count(*) AS n FROM team_activity WHERE subject_id = ? AND action LIKE 'order.%'", orderId)[0]!.n;
    const status = () => query<{ status: string }>(server, 'SELECT status FROM orders WHERE id = ?', orderId)[0]!.status;
    // The database refuses this order's line: the approval rolls back with it.
    const db = server.openDb();
    try {
      if (server.dialect === 'postgres') {
        db.exec(`CREATE FUNCTION refuse_line() RETURNS trigger AS $$ BEGIN IF NEW.subject_id = '${orderId}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
          CREATE TRIGGER refuse_line BEFORE INSERT ON team_activity FOR EACH ROW EXECUTE FUNCTION refuse_line();`);
      } else {
        db.exec(`CREATE TRIGGER refuse_line BEFORE INSERT ON team_activity WHEN NEW.subject_id = '${orderId}' BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
      }
    } finally {
      db.close();
    }
    try {
      const refused = await owner.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision: 'approve' } });
      expect(refused.status).toBe(500);
      expect(status()).toBe('requested');
    } finally {
      run(server, 'DROP TRIGGER refuse_line' + (server.dialect === 'postgres' ? ' ON team_activity' : ''));
      if (server.dialect === 'postgres') run(server, 'DROP FUNCTION refuse_line()');
    }
    expect(Number(orderLines())).toBe(0);
    await ok(owner.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision: 'decline' } }));
    expect(Number(orderLines())).toBe(1);
    // Declined already: the approval moves nothing and writes nothing.
    const spent = await owner.call(`/api/orders/${orderId}`, { method: 'PATCH', json: { decision: 'approve' } });
    expect(spent.status).toBe(409);
    expect(Number(orderLines())).toBe(1);
  });
});

describe('who reads it', () => {
  it('the Owner and an Admin read it; an Editor and a Cleaner get 403; another team’s lines never show', async () => {
    const owner = await signedInHost(server, 'premium', { freshTeam: true });
    const book = await guidebook(owner, { nameInstruction: 'Mill House' });
    await addStay(owner, book._id, { guestName: 'Own', checkIn: day(20), checkOut: day(22) });
    const other = await signedInHost(server, 'gold', { freshTeam: true });
    const theirs = await guidebook(other, { nameInstruction: 'Elsewhere Cabin' });
    await addStay(other, theirs._id, { guestName: 'Stranger', checkIn: day(20), checkOut: day(22) });

    const admin = await signedInMember(server, owner.teamId, 'admin');
    const editor = await signedInMember(server, owner.teamId, 'editor', { guidebooks: [book._id] });
    const cleaner = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [book._id], maySeeSecrets: true });
    for (const reader of [owner, admin]) {
      const page = await activity(reader.call);
      expect(page.items.map((item) => item.details)).toEqual([expect.objectContaining({ guestName: 'Own' })]);
    }
    for (const member of [editor, cleaner]) {
      const refused = await member.call('/api/team/activity');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(messages.team.roleCannot(ROLE_NAMES[member.role], 'see the activity'));
    }
    expect((await server.request('/api/team/activity')).status).toBe(401);
  });

  it('pages 50 at a time, newest first; a cursor it did not give answers 400', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const now = Date.now();
    // 120 lines, three in each millisecond, so the cursor must break ties by id.
    for (let n = 0; n < 120; n += 1) run(server, "INSERT INTO team_activity (team_id, actor, action, details, created_at) VALUES (?, 'system', 'settings.saved', ?, ?)", owner.teamId, JSON.stringify({ n }), now - Math.floor(n / 3));
    const seen: number[] = [];
    let before: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await activity(owner.call, before);
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => (item.details as unknown as { n: number }).n));
      before = page.next ?? undefined;
    } while (before);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, n) => n).sort((a, b) => Math.floor(a / 3) - Math.floor(b / 3) || b - a));
    for (const junk of ['abc', '1.2.3', '-1.5', "1'; DROP TABLE team_activity; --", '9'.repeat(40)]) {
      const refused = await owner.call(`/api/team/activity?before=${encodeURIComponent(junk)}`);
      expect(refused.status, junk).toBe(400);
      expect(await refused.json()).toEqual({ message: messages.activity.badCursor });
    }
  });
});

describe('retention', () => {
  it('a server deletes the lines older than 365 days as it starts (then daily), and keeps the younger', async () => {
    const owner = await signedInHost(server, 'gold', { freshTeam: true });
    const now = Date.now();
    for (const [age, label] of [[366, 'old'], [364, 'young']] as const) {
      run(server, "INSERT INTO team_activity (team_id, actor, action, details, created_at) VALUES (?, 'system', 'settings.saved', ?, ?)", owner.teamId, JSON.stringify({ label }), now - age * DAY);
    }
    const labels = () => query<{ details: string }>(server, 'SELECT details FROM team_activity WHERE team_id = ? ORDER BY created_at', owner.teamId).map((row) => (JSON.parse(row.details) as { label: string }).label);
    expect(labels()).toEqual(['old', 'young']);
    const second = await startServer({ NODE_ENV: 'test', DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) });
    try {
      await expect.poll(labels).toEqual(['young']);
    } finally {
      await second.stop();
    }
  });
});
