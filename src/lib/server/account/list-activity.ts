import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { ACTIVITY_KEPT_DAYS, ACTIVITY_PAGE_SIZE, type ActivityItem, type ActivityPage } from '@shared/team-activity.ts';
import { AppError } from '../http/app-error.ts';
import { jsonTextField } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { TeamScope } from './team-access.ts';

/** A page's cursor: the time and id of its last line, so lines of one millisecond keep their order. */
function parseCursor(before: string | null): { at: number; id: number } | null {
  if (before === null || before === '') return null;
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(before);
  if (!match) throw new AppError('BAD_REQUEST', messages.activity.badCursor);
  return { at: Number(match[1]), id: Number(match[2]) };
}

/**
 * GET /api/team/activity[?before=] (Owner, Admin; the route authorizes): the team's lines newest first, 50 a page, with
 * the member's name and the guidebook's (as it is now, or as it was if it is gone).
 */
export async function listActivity(access: TeamScope, before: string | null): Promise<ActivityPage> {
  const cursor = parseCursor(before);
  const { db, dialect } = await getRuntime();
  let query = db
    .selectFrom('team_activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('instructions as i', (join) => join.onRef('i.id', '=', 'a.instruction_id').onRef('i.team_id', '=', 'a.team_id'))
    .select(['a.id', 'a.actor', 'a.action', 'a.instruction_id', 'a.details', 'a.created_at', 'u.name as actor_name', jsonTextField(dialect, 'i.data', 'nameInstruction').as('guidebook_name')])
    .where('a.team_id', '=', access.teamId);
  if (cursor) query = query.where((eb) => eb.or([eb('a.created_at', '<', cursor.at), eb.and([eb('a.created_at', '=', cursor.at), eb('a.id', '<', cursor.id)])]));
  const rows = await query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(ACTIVITY_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const items = page.map((row): ActivityItem => {
    const { guidebookName: kept, ...details } = JSON.parse(row.details) as { guidebookName?: string };
    return {
      id: Number(row.id),
      action: row.action,
      details,
      actor: row.actor,
      actorName: row.actor_name ?? null,
      guidebookId: row.instruction_id,
      guidebookName: row.instruction_id === null ? null : (row.guidebook_name ?? kept ?? ''),
      at: new Date(row.created_at).toISOString(),
    } as ActivityItem;
  });
  const last = page.at(-1);
  return { items, next: rows.length > ACTIVITY_PAGE_SIZE && last ? `${last.created_at}.${Number(last.id)}` : null };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The "activity retention" job's turn: deletes the lines older than a year; answers how many. */
export async function deleteOldActivity(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('team_activity').where('created_at', '<', now - ACTIVITY_KEPT_DAYS * DAY_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
