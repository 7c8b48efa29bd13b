import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database, InstructionRevisionsTable } from '@db/schema.ts';
import type { RevisionSource } from '@shared/schemas/history.ts';
import { describeChanges } from '@shared/revision-changes.ts';
import { parseStoredContent } from '../instructions/instruction-row.ts';

/** How many saved versions a guidebook keeps; older ones are dropped as new ones come. */
export const MAX_REVISIONS = 50;

export interface RevisionWrite {
  /** The guidebook row as this write left it (id, owner, new version and content). */
  row: { id: string; user_id: string; version: number; data: string; updated_at: number };
  /** The row before this write, as read by the writer: only used when no revision exists yet. */
  before: { data: string; updated_at: number } | null;
  authorId: string | null;
  source: RevisionSource;
  batchId?: string | null;
  /** Said before the changes ("Restored version 12"). */
  note?: string;
}

/**
 * Records the version a write just made, inside the writer's transaction (so a save and its
 * revision commit together or not at all), then drops the ones past the newest MAX_REVISIONS.
 * A guidebook saved for the first time since revisions were kept first gets the version it had
 * before, so even that first change can be undone. "What changed" compares with the version
 * before, read in the same transaction: the guidebook's row is locked by the write, so on
 * PostgreSQL as on SQLite no other save of it lands in between.
 */
export async function recordRevision(trx: Kysely<Database>, { row, before: beforeRow, authorId, source, batchId = null, note }: RevisionWrite): Promise<InstructionRevisionsTable> {
  const previous = await trx
    .selectFrom('instruction_revisions')
    .select(['version', 'data'])
    .where('instruction_id', '=', row.id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  let before = previous?.data ?? null;
  if (!previous && beforeRow !== null && row.version > 1) {
    await trx
      .insertInto('instruction_revisions')
      .values({ id: nanoid(), instruction_id: row.id, user_id: row.user_id, author_id: null, version: row.version - 1, source: 'before-history', batch_id: null, changes: '[]', data: beforeRow.data, created_at: beforeRow.updated_at })
      .execute();
    before = beforeRow.data;
  }
  const after = parseStoredContent(row.data);
  const changes = describeChanges(before === null ? null : parseStoredContent(before), after);
  const revision: InstructionRevisionsTable = {
    id: nanoid(),
    instruction_id: row.id,
    user_id: row.user_id,
    author_id: authorId,
    version: row.version,
    source,
    batch_id: batchId,
    changes: JSON.stringify([...(note ? [note] : []), ...(source === 'created' ? [] : changes)]),
    data: row.data,
    created_at: row.updated_at,
  };
  await trx.insertInto('instruction_revisions').values(revision).execute();
  const oldestKept = await trx
    .selectFrom('instruction_revisions')
    .select('version')
    .where('instruction_id', '=', row.id)
    .orderBy('version', 'desc')
    .offset(MAX_REVISIONS - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) await trx.deleteFrom('instruction_revisions').where('instruction_id', '=', row.id).where('version', '<', oldestKept.version).execute();
  return revision;
}
