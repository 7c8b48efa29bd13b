import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { ARRIVAL_PROBLEMS, type ArrivalCodeState, type ArrivalView, type ArrivalsView } from '@shared/schemas/arrivals.ts';
import { instantToLocal } from '@shared/time-zone.ts';
import { can, grantedGuidebooks } from '../account/authorize.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { CodeRow } from './code-transitions.ts';
import { teamHasLocks } from './lock-config.ts';
import { seamKeyRefused } from './seam-client.ts';

/**
 * The Arrivals screen's read (docs/decisions/030-smart-locks.md §13, docs/product/locks.md,
 * Arrivals): the stays of the team's guidebooks (an Editor's or a Cleaner's granted ones) whose
 * check-in falls from today to `days` days ahead, each with its door code's state in the host's
 * words, problems first within a day. Never digits: "Show code" asks for one stay's
 * (code-actions.ts), and the last look at it is shown to those who may look.
 */

const DAY_MS = 24 * 60 * 60_000;

type LiveCode = Pick<CodeRow, 'stay_id' | 'state' | 'host_off' | 'generation' | 'code_ct'> & { online: 0 | 1 | null; lock: string | null };

/** A code's state as the host reads it; `lock`: the guidebook's lock when the stay has no live code. */
export function arrivalState(code: LiveCode | undefined, lock: string | null, included: boolean): ArrivalCodeState {
  if (!code) return lock !== null && included ? 'setting' : 'none';
  if (code.host_off === 1) return 'off';
  const waiting = code.online === 0 ? 'offline' : 'setting';
  switch (code.state) {
    case 'confirmed':
      return 'set';
    case 'manual':
    case 'backup':
    case 'failed':
      return code.state;
    case 'trouble':
      return code.online === 0 ? 'offline' : 'retrying';
    default:
      return waiting;
  }
}

async function stayRows(db: Kysely<Database>, access: TeamAccess, now: number, days: number) {
  const query = db
    .selectFrom('stays')
    .innerJoin('instructions', 'instructions.id', 'stays.instruction_id')
    .select(['stays.id', 'stays.instruction_id', 'stays.guest_name', 'stays.channel', 'stays.check_in', 'stays.check_out', 'stays.early_checkin_from', 'stays.late_checkout_until', 'instructions.data'])
    .where('stays.team_id', '=', access.teamId)
    .where('instructions.deleted_at', 'is', null)
    // A day's margin each side for the early check-ins and the time zones; the exact days are chosen below.
    .where('stays.check_in', '>=', now - 2 * DAY_MS)
    .where('stays.check_in', '<', now + (days + 2) * DAY_MS)
    .orderBy('stays.check_in')
    .limit(1000);
  return grantedGuidebooks(query, access, 'stays.instruction_id').execute();
}

async function codesOf(db: Kysely<Database>, stayIds: string[]): Promise<Map<string, LiveCode>> {
  if (stayIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lock_codes')
    .leftJoin('lock_devices', 'lock_devices.id', 'lock_codes.device_id')
    .select(['lock_codes.stay_id', 'lock_codes.state', 'lock_codes.host_off', 'lock_codes.generation', 'lock_codes.code_ct', 'lock_devices.online', 'lock_devices.name as lock'])
    .where('lock_codes.stay_id', 'in', stayIds)
    // A stay whose code the host turned off keeps saying so once its code is removed (§4).
    .where((eb) => eb.or([eb('lock_codes.state', 'not in', ['removed', 'left', 'removing']), eb('lock_codes.host_off', '=', 1)]))
    .execute();
  return new Map(rows.map((row) => [row.stay_id!, row]));
}

async function locksOf(db: Kysely<Database>, guidebookIds: string[]): Promise<Map<string, string>> {
  if (guidebookIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lock_assignments')
    .innerJoin('lock_devices', 'lock_devices.id', 'lock_assignments.device_id')
    .select(['lock_assignments.instruction_id', 'lock_devices.name'])
    .where('lock_assignments.instruction_id', 'in', guidebookIds)
    .where('lock_devices.gone_at', 'is', null)
    .where((eb) => eb.or([eb('lock_devices.online_codes', '=', 1), eb('lock_devices.offline_codes', '=', 1)]))
    .execute();
  return new Map(rows.map((row) => [row.instruction_id, row.name]));
}

/** The last look at each stay's code (the activity line `lock-code.viewed`) and whose. */
async function viewsOf(db: Kysely<Database>, teamId: string, stayIds: string[]): Promise<Map<string, { at: number; by: string | null }>> {
  if (stayIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_activity')
    .leftJoin('users', 'users.id', 'team_activity.actor_user_id')
    .select(['team_activity.subject_id', 'team_activity.created_at', 'users.name'])
    .where('team_activity.team_id', '=', teamId)
    .where('team_activity.action', '=', 'lock-code.viewed')
    .where('team_activity.subject_id', 'in', stayIds)
    .orderBy('team_activity.created_at', 'desc')
    .execute();
  const views = new Map<string, { at: number; by: string | null }>();
  for (const row of rows) if (row.subject_id !== null && !views.has(row.subject_id)) views.set(row.subject_id, { at: row.created_at, by: row.name });
  return views;
}

export async function listArrivals(access: TeamAccess, days: number, now = Date.now()): Promise<ArrivalsView> {
  const { db } = await getRuntime();
  const included = await teamHasLocks(access);
  const stays = await stayRows(db, access, now, days);
  const stayIds = stays.map((stay) => stay.id);
  const [codes, locks] = await Promise.all([codesOf(db, stayIds), locksOf(db, [...new Set(stays.map((stay) => stay.instruction_id))])]);
  const mayRead = can(access, 'lockCodes.read');
  const views = mayRead ? await viewsOf(db, access.teamId, stayIds) : new Map<string, { at: number; by: string | null }>();
  const arrivals: ArrivalView[] = [];
  for (const stay of stays) {
    const content = parseStoredContent(stay.data);
    const timeZone = content.timeZone || 'UTC';
    const times = effectiveStayTimes(stay);
    const day = instantToLocal(times.checkIn, timeZone).slice(0, 10);
    if (day < instantToLocal(now, timeZone).slice(0, 10) || times.checkIn >= now + days * DAY_MS || times.checkOut <= now) continue;
    const code = codes.get(stay.id);
    const state = arrivalState(code, locks.get(stay.instruction_id) ?? null, included);
    arrivals.push({
      stayId: stay.id,
      guidebookId: stay.instruction_id,
      guidebookName: content.nameInstruction,
      guestName: stay.guest_name,
      channel: stay.channel,
      checkIn: times.checkIn,
      checkOut: times.checkOut,
      earlyCheckIn: times.checkIn !== stay.check_in,
      lateCheckOut: times.checkOut !== stay.check_out,
      timeZone,
      day,
      lock: code?.lock ?? locks.get(stay.instruction_id) ?? null,
      state,
      generation: code ? code.generation : null,
      hasCode: mayRead && code !== undefined && code.code_ct !== null && (state === 'set' || state === 'backup' || state === 'manual'),
      viewed: views.get(stay.id) ?? null,
    });
  }
  const rank = (arrival: ArrivalView) => (ARRIVAL_PROBLEMS.includes(arrival.state) ? 0 : 1);
  arrivals.sort((a, b) => a.day.localeCompare(b.day) || rank(a) - rank(b) || a.checkIn - b.checkIn);
  return { included, keyRefused: included && seamKeyRefused(), days, arrivals };
}
