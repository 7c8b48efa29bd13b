import { expect } from 'vitest';
import type { Instruction } from '../../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../../src/lib/shared/schemas/stay.ts';
import { query, requestFrom, run, signedInHost, type Call, type SignedInHost } from './auth.ts';
import { signedInMember, type SignedInMember } from './members.ts';
import type { TestServer } from './server.ts';

/**
 * A team with something of each kind a team route acts on (docs/decisions/028-teams.md, The
 * matrix test): a guidebook with a door code, a Wi-Fi password and a PIN, a stay with a guest's
 * address, a guest's feedback, a question guests asked that the guidebook did not answer, an order waiting for the host, a booking calendar, saved versions,
 * two guidebooks in the trash, a second guidebook to grant to one member and not another, and a
 * Cleaner for the members routes to change and remove (the owner, the Cleaner and a column's
 * person are Gold's three).
 */
export const CODE = 'DOOR-7391';
export const WIFI_PASSWORD = 'wifi-Secret-58213';
export const PIN = '864209';
export const CALENDAR_URL = 'https://127.0.0.1/porchlight-team-feed.ics';
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 2, approval: 'host' };

export interface SeededTeam {
  owner: SignedInHost;
  /** The guidebook every row names. */
  guidebook: Instruction;
  /** The other guidebook of the team, granted to the editor who is not granted `guidebook`. */
  other: Instruction;
  stay: Stay;
  feedbackId: string;
  /** A guest's unanswered question (written as the ask route's recordUnanswered writes it). */
  questionId: string;
  orderId: string;
  /** Two guidebooks in the trash: one to restore, one to delete for good. */
  trashed: [string, string];
  /** What a Cleaner without "may see secrets" must never receive. */
  secrets: string[];
  /** A Cleaner of `guidebook`: the member the members rows change and remove. */
  member: SignedInMember;
}

const DAY = 86_400_000;
let seeded = 0;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function ok<T>(response: Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

async function created(call: Call, body: Record<string, unknown>): Promise<Instruction> {
  return (await ok<{ instruction: Instruction }>(call('/api/instruction', { json: body }), 201)).instruction;
}

/** A guidebook of the team with an extra, a stay and that stay's guest's order waiting for the host. */
export async function guidebookWithOrder(call: Call, server: TestServer): Promise<{ guidebook: Instruction; orderId: string }> {
  const guidebook = await created(call, { nameInstruction: 'Seaside Studio', timeZone: 'UTC', extras: [BASKET] });
  const { stay } = await ok<{ stay: Stay }>(call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Bo', checkIn: day(4), checkOut: day(7) } }), 201);
  const { order } = await ok<{ order: { id: string } }>(server.request(`/api/guest/${stay.token}/extras/${BASKET.id}`, { json: {} }), 201);
  return { guidebook, orderId: order.id };
}

export async function seedTeam(server: TestServer, { freshTeam = true }: { freshTeam?: boolean } = {}): Promise<SeededTeam> {
  // Premium, so the smart-lock rows answer as in use (docs/decisions/030-smart-locks.md §14).
  const owner = await signedInHost(server, 'premium', { freshTeam });
  const guidebook = await created(owner.call, {
    nameInstruction: 'Harbour Loft',
    code: CODE,
    wifiName: 'Loft',
    wifiPassword: WIFI_PASSWORD,
    secretsPolicy: 'pin',
    secretsPin: PIN,
    timeZone: 'UTC',
    extras: [BASKET],
  });
  const other = await created(owner.call, { nameInstruction: 'Garden Flat' });
  // An address of its own per team: the mail budget counts per recipient (docs/security.md 35).
  seeded += 1;
  const guestEmail = `ana.guest-${process.pid}-${seeded}@example.com`;
  const stayJson = { guestName: 'Ana', guestEmail, checkIn: day(3), checkOut: day(6) };
  const { stay } = await ok<{ stay: Stay }>(owner.call(`/api/instruction/${guidebook._id}/stays`, { json: stayJson }), 201);
  // Each team's guest from an address of their own: guests' answers are limited per address.
  const feedback = await requestFrom(server, `127.0.0.${10 + seeded}`, `/api/guest/${guidebook.token}/feedback`, { helpful: true, comment: 'Lovely' });
  expect(feedback.status, feedback.body).toBe(201);
  const { order } = await ok<{ order: { id: string } }>(server.request(`/api/guest/${stay.token}/extras/${BASKET.id}`, { json: {} }), 201);
  const now = Date.now();
  run(
    server,
    'INSERT INTO instruction_calendars (instruction_id, user_id, team_id, url, last_attempt_at, last_success_at, last_error, next_sync_at, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?, ?, ?)',
    guidebook._id,
    owner.id,
    owner.teamId,
    CALENDAR_URL,
    now + DAY,
    now,
    now,
  );
  const questionId = `question-${owner.teamId}`;
  run(server, 'INSERT INTO guest_questions (id, team_id, guidebook_id, language, question, day, suggested_section, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', questionId, owner.teamId, guidebook._id, 'en', 'Is there a hair dryer?', new Date(now).toISOString().slice(0, 10), null, now);
  const trashed: string[] = [];
  for (const name of ['Old Cabin', 'Older Cabin']) {
    const made = await created(owner.call, { nameInstruction: name });
    await ok(owner.call(`/api/instruction/${made._id}`, { method: 'DELETE' }), 200);
    trashed.push(made._id);
  }
  const feedbackId = query<{ id: string }>(server, 'SELECT id FROM guest_feedback WHERE instruction_id = ?', guidebook._id)[0]!.id;
  const member = await signedInMember(server, owner.teamId, 'cleaner', { guidebooks: [guidebook._id] });
  return {
    member,
    owner,
    guidebook,
    other,
    stay,
    feedbackId,
    questionId,
    orderId: order.id,
    trashed: [trashed[0]!, trashed[1]!],
    secrets: [CODE, WIFI_PASSWORD, PIN, guestEmail, CALENDAR_URL, guidebook.token, stay.token],
  };
}

/** The newest saved version of guidebook `id`. */
export function latestRevision(server: TestServer, id: string): string {
  return query<{ id: string }>(server, 'SELECT id FROM instruction_revisions WHERE instruction_id = ? ORDER BY version DESC LIMIT 1', id)[0]?.id ?? 'no-such-revision';
}

/** The version guidebook `id` is at now (a row that saves must send it). */
export function versionOf(server: TestServer, id: string): number {
  return Number(query<{ version: number }>(server, 'SELECT version FROM instructions WHERE id = ?', id)[0]?.version ?? 0);
}

/** Every row of the team in the tables its routes write, to prove a stranger changed none. */
export function teamRows(server: TestServer, teamId: string): Record<string, unknown[]> {
  const tables = ['instructions', 'stays', 'orders', 'guest_feedback', 'guest_questions', 'instruction_revisions', 'instruction_calendars', 'team_settings', 'payout_accounts', 'billing_customers', 'subscriptions', 'memberships', 'team_invitations'];
  return Object.fromEntries(tables.map((table) => [table, query(server, `SELECT * FROM ${table} WHERE team_id = ? ORDER BY 1`, teamId)]));
}
