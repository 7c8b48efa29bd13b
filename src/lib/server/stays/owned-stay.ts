import type { StaysTable } from '@db/schema.ts';
import { stayTimesOf, type StayTimes } from '@shared/time-zone.ts';
import { grantedGuidebooks } from '../account/authorize.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { stayNotFound } from './stay-errors.ts';

export interface Owned {
  /** The team acting, and who in it (a stay added by hand records its author). */
  access: TeamAccess;
  /** The guidebook's id. */
  id: string;
}

/** The team's guidebook (404 otherwise): its time zone and the times its stays start and end at. */
export async function ownedGuidebook(scope: Owned): Promise<{ timeZone: string; times: StayTimes }> {
  const row = await findTeamGuidebook(scope);
  const content = parseStoredContent(row.data);
  return { timeZone: content.timeZone, times: stayTimesOf(content) };
}

export async function ownedStay({ access, id, stayId }: Owned & { stayId: string }): Promise<StaysTable> {
  const { db } = await getRuntime();
  const query = db.selectFrom('stays').selectAll().where('id', '=', stayId).where('instruction_id', '=', id).where('team_id', '=', access.teamId);
  const row = await grantedGuidebooks(query, access, 'stays.instruction_id').executeTakeFirst();
  if (!row) throw stayNotFound();
  return row;
}

/** The key that serialises the stay writes of one guidebook (PostgreSQL; SQLite writes one at a time). */
export const staysLock = (guidebookId: string) => `stays:${guidebookId}`;
