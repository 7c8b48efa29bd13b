import type { Instruction } from '../../src/lib/shared/schemas/instruction.ts';
import { PRICE_IDS } from './billing.ts';
import { query } from './auth.ts';
import type { TestServer } from './server.ts';
import { latestRevision, versionOf, type SeededTeam } from './team-seed.ts';

/**
 * The authorization matrix (docs/security.md 14, 38; docs/decisions/028-teams.md, The matrix
 * test): one row per team route on disk, the request that exercises it, and the status each column
 * expects, in COLUMNS' order. Rows run in this order against one seeded team per column: reads
 * first, then writes, what ends a record last.
 */
export const COLUMNS = ['anonymous', 'other', 'owner', 'admin', 'editor', 'elsewhere', 'cleaner', 'cleanerSecrets', 'removed'] as const;
export type Column = (typeof COLUMNS)[number];

export interface Request {
  path: string;
  init: RequestInit & { json?: unknown };
}

/** What a row's request may use: the seeded team, the server (a version to send), the answers of the rows before. */
export interface RowContext {
  seed: SeededTeam;
  server: TestServer;
  answers: Map<string, unknown>;
  /** A key and secret the Smoobu stand-in accepts (tests/helpers/pms/smoobu-standin.ts). */
  smoobuFields: Record<string, string>;
}

export interface Row {
  key: string;
  expected: Record<Column, number>;
  request: (context: RowContext) => Request;
}

const get = (path: string): Request => ({ path, init: {} });
const send = (method: string, path: string, json?: unknown): Request => ({ path, init: json === undefined ? { method } : { method, json } });

/** The statuses of every column but `removed`: a removed member's session for the team is gone, so every row answers them 401 (§5). */
function row(key: string, statuses: string, request: (context: RowContext) => Request): Row {
  const numbers = [...statuses.split(/\s+/).map(Number), 401];
  if (numbers.length !== COLUMNS.length) throw new Error(`${key}: ${numbers.length} statuses for ${COLUMNS.length} columns`);
  return { key, expected: Object.fromEntries(COLUMNS.map((column, index) => [column, numbers[index]!])) as Record<Column, number>, request };
}

const gb = ({ seed }: RowContext) => `/api/instruction/${seed.guidebook._id}`;
const stay = (context: RowContext) => `${gb(context)}/stays/${context.seed.stay._id}`;
/** The guidebook as the owner's editor holds it, renamed, at the version it is at now. */
const saved = ({ seed, server }: RowContext, nameInstruction: string): Instruction => ({ ...seed.guidebook, nameInstruction, version: versionOf(server, seed.guidebook._id) });
/** The invitation the POST row made (none when it was refused). */
const invitation = ({ answers }: RowContext) => (answers.get('POST /api/team/invitations') as { id?: string } | undefined)?.id ?? 'no-such-invitation';
/** The integration the connect row made, and the first property its units row listed (none when refused). */
const integration = ({ answers }: RowContext) => (answers.get('POST /api/team/integrations') as { integration?: { id: string } } | undefined)?.integration?.id ?? 'no-such-integration';
const firstUnit = ({ answers }: RowContext) => (answers.get('GET /api/team/integrations/[id]/units') as { units?: Array<{ id: string }> } | undefined)?.units?.[0]?.id ?? 'no-such-unit';
/** The seeded team's connect attempt (the row before made it), its account and its Front door (none when refused). */
const lockAttempt = ({ answers }: RowContext) => (answers.get('POST /api/team/locks/connect') as { attemptId?: string } | undefined)?.attemptId ?? 'no-such-attempt';
const lockRow = ({ seed, server }: RowContext, table: 'lock_accounts' | 'lock_devices') =>
  query<{ id: string }>(server, `SELECT id FROM ${table} WHERE team_id = ? ORDER BY created_at, id`, seed.owner.teamId)[0]?.id ?? `no-such-${table}`;
const apply = { dataSettings: { phone: '+385 91 555 0199' }, applyToExistingInstruction: { contact: true } };

/** A small PNG for the upload row. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
function upload(): Request {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
  form.append('type', 'square');
  return { path: '/api/upload', init: { method: 'POST', body: form } };
}

//                     columns: anonymous other owner admin editor elsewhere cleaner cleanerSecrets (removed: 401 on every row)
export const ROWS: Row[] = [
  row('GET /api/instruction', '401 200 200 200 200 200 200 200', () => get('/api/instruction')),
  row('GET /api/instruction/[id]', '401 404 200 200 200 404 200 200', (c) => get(gb(c))),
  row('GET /api/instruction/[id]/revisions', '401 404 200 200 200 404 403 403', (c) => get(`${gb(c)}/revisions`)),
  row('GET /api/instruction/[id]/revisions/[revisionId]', '401 404 200 200 200 404 403 403', (c) => get(`${gb(c)}/revisions/${latestRevision(c.server, c.seed.guidebook._id)}`)),
  row('GET /api/instruction/[id]/insights', '401 404 200 200 200 404 403 403', (c) => get(`${gb(c)}/insights`)),
  row('GET /api/instruction/[id]/qr', '401 404 200 200 200 404 403 200', (c) => get(`${gb(c)}/qr?format=svg`)),
  row('GET /api/instruction/[id]/stays', '401 404 200 200 200 404 200 200', (c) => get(`${gb(c)}/stays?group=upcoming`)),
  row('GET /api/instruction/[id]/stays/[stayId]/qr', '401 404 200 200 200 404 403 200', (c) => get(`${stay(c)}/qr?format=svg`)),
  row('GET /api/instruction/trash', '401 200 200 200 403 403 403 403', () => get('/api/instruction/trash')),
  row('GET /api/orders', '401 200 200 200 200 200 403 403', () => get('/api/orders')),
  row('GET /api/settings', '401 200 200 200 403 403 403 403', () => get('/api/settings')),
  row('GET /api/payouts', '401 200 200 403 403 403 403 403', () => get('/api/payouts')),
  row('GET /api/get-subscription-data', '401 200 200 403 403 403 403 403', () => get('/api/get-subscription-data')),
  row('GET /api/billing/config', '401 200 200 403 403 403 403 403', () => get('/api/billing/config')),
  // The team's activity (Owner, Admin): another team's owner reads their own.
  row('GET /api/team/activity', '401 200 200 200 403 403 403 403', () => get('/api/team/activity')),
  row('GET /api/team', '401 200 200 200 200 200 200 200', () => get('/api/team')),
  row('GET /api/session_status', '401 404 404 403 403 403 403 403', () => get('/api/session_status?session_id=cs_test_nobody')),
  // The guidebook's own language: found and allowed, then refused before any call goes out (400).
  row('POST /api/instruction/[id]/translations/[lang]/draft', '401 404 400 400 400 404 403 403', (c) => send('POST', `${gb(c)}/translations/en/draft`, { content: c.seed.guidebook })),
  row('POST /api/instruction/[id]/share', '401 404 200 200 200 404 403 403', (c) => send('POST', `${gb(c)}/share`, { email: `guest-${c.seed.owner.teamId}@example.com` })),
  row('POST /api/instruction/[id]/stays', '401 404 201 201 201 404 403 403', (c) => send('POST', `${gb(c)}/stays`, { checkIn: '2031-07-01T15:00', checkOut: '2031-07-03T11:00' })),
  row('PATCH /api/instruction/[id]/stays/[stayId]', '401 404 200 200 200 404 403 403', (c) => send('PATCH', stay(c), { guestName: 'Ana Horvat' })),
  row('POST /api/instruction/[id]/stays/[stayId]/send', '401 404 200 200 200 404 403 403', (c) => send('POST', `${stay(c)}/send`, {})),
  row('POST /api/instruction/[id]/calendar', '401 404 200 200 200 404 403 403', (c) => send('POST', `${gb(c)}/calendar`)),
  row('PUT /api/instruction/[id]/calendar', '401 404 200 200 200 404 403 403', (c) => send('PUT', `${gb(c)}/calendar`, { url: '' })),
  row('PUT /api/instruction/[id]', '401 404 200 200 200 404 403 403', (c) => send('PUT', gb(c), saved(c, 'Harbour Loft, renamed'))),
  row('POST /api/instruction/[id]/revisions/[revisionId]/restore', '401 404 200 200 200 404 403 403', (c) =>
    send('POST', `${gb(c)}/revisions/${latestRevision(c.server, c.seed.guidebook._id)}/restore`, { version: versionOf(c.server, c.seed.guidebook._id) }),
  ),
  row('PATCH /api/instruction/[id]', '401 404 200 200 403 404 403 403', (c) => send('PATCH', gb(c), { code: 'DOOR-0000' })),
  row('PATCH /api/instruction/preview/[token]', '401 404 200 200 403 403 403 403', (c) => send('PATCH', `/api/instruction/preview/${c.seed.guidebook.token}`)),
  row('POST /api/instruction', '401 201 201 201 403 403 403 403', () => send('POST', '/api/instruction', {})),
  row('POST /api/instruction/[id]', '401 404 201 201 403 403 403 403', (c) => send('POST', gb(c))),
  row('POST /api/upload', '401 201 201 201 201 201 403 403', () => upload()),
  row('PUT /api/settings', '401 200 200 200 403 403 403 403', () => send('PUT', '/api/settings', { phone: '+385 91 555 0101' })),
  row('POST /api/settings/apply-preview', '401 200 200 200 403 403 403 403', () => send('POST', '/api/settings/apply-preview', apply)),
  row('PUT /api/settings/updateExistingInstructions', '401 200 200 200 403 403 403 403', () => send('PUT', '/api/settings/updateExistingInstructions', apply)),
  // The batch the row before made (another team's owner applied to the guidebook they made above).
  row('POST /api/settings/undo-apply', '401 200 200 200 403 403 403 403', (c) => {
    const answer = c.answers.get('PUT /api/settings/updateExistingInstructions') as { batchId?: string | null } | undefined;
    return send('POST', '/api/settings/undo-apply', { batchId: answer?.batchId ?? 'no-such-batch' });
  }),
  // The seeded team has orders, so its currency is fixed (409, once allowed to ask); another's has none.
  row('PUT /api/payouts/currency', '401 200 409 403 403 403 403 403', () => send('PUT', '/api/payouts/currency', { currency: 'gbp' })),
  row('POST /api/payouts/onboarding', '401 200 200 403 403 403 403 403', () => send('POST', '/api/payouts/onboarding', { country: 'HR' })),
  row('POST /api/payouts/refresh', '401 200 200 403 403 403 403 403', () => send('POST', '/api/payouts/refresh')),
  row('POST /api/payouts/dashboard-link', '401 409 409 403 403 403 403 403', () => send('POST', '/api/payouts/dashboard-link')),
  row('POST /api/create-checkout-session', '401 200 200 403 403 403 403 403', () => send('POST', '/api/create-checkout-session', { price_id: PRICE_IDS.premium.monthly })),
  // A plan an operator set (tests/helpers/plan.ts) changes only through support: 409 once allowed to ask.
  row('POST /api/preview-subscription-change', '401 409 409 403 403 403 403 403', () => send('POST', '/api/preview-subscription-change', { newPriceId: PRICE_IDS.premium.monthly })),
  row('POST /api/update-subscription-price', '401 409 409 403 403 403 403 403', () => send('POST', '/api/update-subscription-price', { newPriceId: PRICE_IDS.premium.monthly, newInterval: 'monthly' })),
  row('POST /api/billing-portal', '401 200 200 403 403 403 403 403', () => send('POST', '/api/billing-portal')),
  row('POST /api/cancel-subscription', '401 409 409 403 403 403 403 403', () => send('POST', '/api/cancel-subscription')),
  // Invitations (Owner only): the id the row's own POST answered, so another team's owner works on theirs.
  row('POST /api/team/invitations', '401 201 201 403 403 403 403 403', (c) => send('POST', '/api/team/invitations', { email: `invitee-${c.seed.owner.teamId}@example.com`, role: 'admin' })),
  row('GET /api/team/invitations', '401 200 200 403 403 403 403 403', () => get('/api/team/invitations')),
  row('POST /api/team/invitations/[id]/resend', '401 200 200 403 403 403 403 403', (c) => send('POST', `/api/team/invitations/${invitation(c)}/resend`)),
  row('DELETE /api/team/invitations/[id]', '401 200 200 403 403 403 403 403', (c) => send('DELETE', `/api/team/invitations/${invitation(c)}`)),
  // Booking systems (decision 029 §13, Owner and Admin): each column's team connects its own; another team's owner maps theirs to the seeded guidebook (404).
  row('POST /api/team/integrations', '401 201 201 201 403 403 403 403', (c) => send('POST', '/api/team/integrations', { system: 'smoobu', fields: c.smoobuFields })),
  row('GET /api/team/integrations', '401 200 200 200 403 403 403 403', () => get('/api/team/integrations')),
  row('GET /api/team/integrations/[id]/units', '401 200 200 200 403 403 403 403', (c) => get(`/api/team/integrations/${integration(c)}/units`)),
  row('PUT /api/team/integrations/[id]/units', '401 404 200 200 403 403 403 403', (c) => send('PUT', `/api/team/integrations/${integration(c)}/units`, { units: [{ id: firstUnit(c), guidebookId: c.seed.guidebook._id, skipped: false }] })),
  // Sync now: each column's team reads its own connection (a property mapped by the row before, for the seeded team).
  row('POST /api/team/integrations/[id]/sync', '401 200 200 200 403 403 403 403', (c) => send('POST', `/api/team/integrations/${integration(c)}/sync`)),
  row('DELETE /api/team/integrations/[id]', '401 200 200 200 403 403 403 403', (c) => send('DELETE', `/api/team/integrations/${integration(c)}`)),
  // Smart locks (decision 030 §13, Owner and Admin, Premium): the seeded team is Premium, another team's owner is on Gold (403).
  row('GET /api/team/locks', '401 200 200 200 403 403 403 403', () => get('/api/team/locks')),
  row('POST /api/team/locks/connect', '401 403 201 201 403 403 403 403', () => send('POST', '/api/team/locks/connect')),
  row('POST /api/team/locks/connect/[attemptId]/complete', '401 403 200 200 403 403 403 403', (c) => send('POST', `/api/team/locks/connect/${lockAttempt(c)}/complete`)),
  row('PUT /api/team/locks/devices/[deviceId]/assignment', '401 403 200 200 403 403 403 403', (c) => send('PUT', `/api/team/locks/devices/${lockRow(c, 'lock_devices')}/assignment`, { instructionId: c.seed.guidebook._id })),
  row('POST /api/team/locks/accounts/[id]/refresh', '401 403 200 200 403 403 403 403', (c) => send('POST', `/api/team/locks/accounts/${lockRow(c, 'lock_accounts')}/refresh`)),
  // Arrivals and a stay's door code (decision 030 §13): every role reads Arrivals; the seeded stay has a code only where the column's team assigned a lock
  // (Owner, Admin; an Editor's team has none: 404); the code is not failed, so "Type a code" is 409; a Cleaner never reaches a code (403).
  row('GET /api/team/arrivals', '401 200 200 200 200 200 200 200', () => get('/api/team/arrivals?days=7')),
  row('GET /api/instruction/[id]/stays/[stayId]/lock-code', '401 404 200 200 404 404 403 403', (c) => get(`${stay(c)}/lock-code`)),
  row('POST /api/instruction/[id]/stays/[stayId]/lock-code/retry', '401 403 200 200 404 404 403 403', (c) => send('POST', `${stay(c)}/lock-code/retry`, { generation: 0 })),
  row('PUT /api/instruction/[id]/stays/[stayId]/lock-code/manual', '401 403 409 409 403 404 403 403', (c) => send('PUT', `${stay(c)}/lock-code/manual`, { code: '482913' })),
  // "Door code" off (decision 030 §4, §13): the roles of "Try again"; the Owner's turns it off, the Admin's finds it off already (200, nothing changes).
  row('PUT /api/instruction/[id]/stays/[stayId]/lock-code/enabled', '401 403 200 200 404 404 403 403', (c) => send('PUT', `${stay(c)}/lock-code/enabled`, { on: false })),
  // Disconnect is open on any plan (decision 030 §14): another team's owner finds no such account.
  row('DELETE /api/team/locks/accounts/[id]', '401 404 200 200 403 403 403 403', (c) => send('DELETE', `/api/team/locks/accounts/${lockRow(c, 'lock_accounts')}`)),
  // A guest's details on request (decision 029 §10, Owner and Admin): an address no stay holds, so later rows keep their guests.
  row('POST /api/team/guest-data/export', '401 200 200 200 403 403 403 403', () => send('POST', '/api/team/guest-data/export', { email: 'nobody.here@example.com' })),
  row('POST /api/team/guest-data/erase', '401 200 200 200 403 403 403 403', () => send('POST', '/api/team/guest-data/erase', { email: 'nobody.here@example.com' })),
  // Members (decision 028 §7): the seeded Cleaner, whom another team's owner cannot find; removing them comes last of all.
  row('GET /api/team/members', '401 200 200 200 403 403 403 403', () => get('/api/team/members')),
  row('PATCH /api/team', '401 200 200 403 403 403 403 403', () => send('PATCH', '/api/team', { name: 'Casa Lumen' })),
  row('PATCH /api/team/members/[id]', '401 404 200 403 403 403 403 403', (c) => send('PATCH', `/api/team/members/${c.seed.member.membershipId}`, { maySeeSecrets: false })),
  row('PATCH /api/orders/[orderId]', '401 404 200 200 200 404 403 403', (c) => send('PATCH', `/api/orders/${c.seed.orderId}`, { decision: 'approve' })),
  // Approved, settled on site: nothing to give back (409), once allowed to ask.
  row('POST /api/orders/[orderId]/refund', '401 404 409 409 409 404 403 403', (c) => send('POST', `/api/orders/${c.seed.orderId}/refund`)),
  row('DELETE /api/instruction/[id]/feedback/[feedbackId]', '401 404 200 200 200 404 403 403', (c) => send('DELETE', `${gb(c)}/feedback/${c.seed.feedbackId}`)),
  row('DELETE /api/instruction/[id]/questions/[questionId]', '401 404 200 200 200 404 403 403', (c) => send('DELETE', `${gb(c)}/questions/${c.seed.questionId}`)),
  row('DELETE /api/instruction/[id]/stays/[stayId]', '401 404 200 200 200 404 403 403', (c) => send('DELETE', `${stay(c)}?orders=keep`)),
  row('POST /api/instruction/[id]/restore', '401 404 200 200 403 403 403 403', (c) => send('POST', `/api/instruction/${c.seed.trashed[0]}/restore`)),
  row('DELETE /api/instruction/trash/[id]', '401 404 200 200 403 403 403 403', (c) => send('DELETE', `/api/instruction/trash/${c.seed.trashed[1]}`)),
  row('DELETE /api/instruction/[id]', '401 404 200 200 403 403 403 403', (c) => send('DELETE', gb(c))),
  row('DELETE /api/team/members/[id]', '401 404 200 403 403 403 403 403', (c) => send('DELETE', `/api/team/members/${c.seed.member.membershipId}`)),
];
