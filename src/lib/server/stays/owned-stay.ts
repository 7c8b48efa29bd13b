import type { StaysTable } from '@db/schema.ts';
import { stayTimesOf, type StayTimes } from '@shared/time-zone.ts';
import { findOwnedInstruction } from '../guidebook/find-owned-instruction.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { stayNotFound } from './stay-errors.ts';

export interface Owned {
  userId: string;
  /** The guidebook's id. */
  id: string;
}

/** The owner's guidebook (404 otherwise): its time zone and the times its stays start and end at. */
export async function ownedGuidebook(scope: Owned): Promise<{ timeZone: string; times: StayTimes }> {
  const row = await findOwnedInstruction(scope);
  const content = parseStoredContent(row.data);
  return { timeZone: content.timeZone, times: stayTimesOf(content) };
}

export async function ownedStay({ userId, id, stayId }: Owned & { stayId: string }): Promise<StaysTable> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('stays').selectAll().where('id', '=', stayId).where('instruction_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw stayNotFound();
  return row;
}

/** The key that serialises the stay writes of one guidebook (PostgreSQL; SQLite writes one at a time). */
export const staysLock = (guidebookId: string) => `stays:${guidebookId}`;
