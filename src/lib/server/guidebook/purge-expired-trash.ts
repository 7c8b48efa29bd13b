import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { TRASH_MS } from '@shared/schemas/history.ts';

/**
 * The clean-up's part of the trash (docs/decisions/016-revisions-and-trash.md): guidebooks deleted
 * more than 30 days ago go for good, their stays, calendar and revisions with them (by cascade);
 * their uploads then have no reference left and the same clean-up pass removes them. Answers how
 * many went.
 */
export async function purgeExpiredTrash({ db, now = Date.now() }: { db: Kysely<Database>; now?: number }): Promise<number> {
  const purged = await db.deleteFrom('instructions').where('deleted_at', '<', now - TRASH_MS).returning('id').execute();
  return purged.length;
}
