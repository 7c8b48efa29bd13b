import type { Kysely } from 'kysely';
import { messages } from '@shared/messages.ts';
import type { Database } from '@db/schema.ts';
import { lockForTransaction, type DialectName } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { ownUploadKeysIn } from './media-path.ts';

/**
 * Writes and the clean-up of unreferenced uploads (remove-unreferenced-uploads.ts) agree on which
 * files are in use through one lock per space (a team's or a person's, media-path.ts). The clean-up
 * holds it exclusively while it reads a space's references and deletes its orphans; a write that
 * makes content mention an upload of the space it did not mention before holds it shared (writes
 * do not wait for each other) and checks, under it, that the upload still exists. So a save can never bring back a
 * file the clean-up is removing: either the clean-up sees the save's reference, or the save sees
 * the file gone and answers 422 (upload it again) instead of storing a broken image. That holds
 * on PostgreSQL with several servers as on SQLite, where one transaction runs at a time anyway.
 */
const lockKey = (space: string) => `uploads-of:${space}`;

/** The clean-up's side: no write naming a new upload of space `space` commits until `trx` ends. */
export async function lockOwnerUploads(trx: Kysely<Database>, dialect: DialectName, space: string): Promise<void> {
  await lockForTransaction(trx, dialect, lockKey(space));
}

/**
 * Runs `write` (which stores `after` in place of `before`, both texts referencing space `space`) so that
 * every upload `after` mentions and `before` did not still exists when it commits: inside the
 * caller's transaction when `db` is one, else in its own when there is a new upload to check, and
 * straight on `db` (no transaction, no lock) when there is none, as for most saves.
 */
export async function writeMentioningUploads<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  { space, before, after }: { space: string; before: string; after: string },
  write: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const known = new Set(ownUploadKeysIn(before, space));
  const added = [...new Set(ownUploadKeysIn(after, space))].filter((key) => !known.has(key));
  if (added.length === 0) return write(db);
  const checked = async (trx: Kysely<Database>) => {
    await lockForTransaction(trx, dialect, lockKey(space), { shared: true });
    const found = await trx.selectFrom('uploads').select('key').where('key', 'in', added).execute();
    if (found.length < added.length) throw new AppError('UNPROCESSABLE', messages.upload.gone);
    return write(trx);
  };
  return db.isTransaction ? checked(db) : db.transaction().execute(checked);
}
