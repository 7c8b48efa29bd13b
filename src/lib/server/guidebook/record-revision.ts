import type { Kysely } from 'kysely';
import { nanoid } from 'nanoid';
import type { Database, InstructionRevisionsTable } from '@db/schema.ts';
import type { RevisionSource } from '@shared/schemas/history.ts';
import { describeChanges } from '@shared/revision-changes.ts';
import { parseStoredContent } from './instruction-row.ts';
import { packRevisionDocument, revisionDocument } from './revision-data.ts';

/** How many saved versions a guidebook keeps; older ones are dropped as new ones come. */
export const MAX_REVISIONS = 50;

export interface RevisionWrite {
  /** The guidebook row as this write left it (id, creator, team, new version and content). */
  row: { id: string; user_id: string; team_id: string; version: number; data: string; updated_at: number };
  /** The row before this write, as the writer read it (`version` when it read one). */
  before: { data: string; updated_at: number; version?: number } | null;
  /**
   * What changed, described by the caller before its transaction (describeChanges) from the row
   * it read and the content it writes; used only when that row is the version this write replaced
   * (`before.version` is one below the new one), else described here from the newest revision.
   */
  changes?: readonly string[];
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
 * before: the caller's `changes` when its `before` row is that version (a compare-and-set save: no
 * document is read or parsed here), else the newest revision, read in the same transaction. The
 * guidebook's row is locked by the write, so on PostgreSQL as on SQLite no other save of it lands
 * in between. The document is kept deflated (revision-data.ts).
 */
export async function recordRevision(trx: Kysely<Database>, { row, before: beforeRow, changes: given, authorId, source, batchId = null, note }: RevisionWrite): Promise<void> {
  // The newest MAX_REVISIONS versions kept, newest first (the index alone answers).
  const kept = (await trx.selectFrom('instruction_revisions').select('version').where('instruction_id', '=', row.id).orderBy('version', 'desc').limit(MAX_REVISIONS).execute()).map((revision) => revision.version);
  const replaced = beforeRow !== null && beforeRow.version === row.version - 1;
  let changes = replaced && given ? given : null;
  if (kept.length === 0 && beforeRow !== null && row.version > 1) {
    await trx
      .insertInto('instruction_revisions')
      .values({ id: nanoid(), instruction_id: row.id, user_id: row.user_id, team_id: row.team_id, author_id: null, version: row.version - 1, source: 'before-history', batch_id: null, changes: '[]', data: packRevisionDocument(beforeRow.data), created_at: beforeRow.updated_at })
      .execute();
    kept.push(row.version - 1);
    changes ??= describeChanges(parseStoredContent(beforeRow.data), parseStoredContent(row.data));
  }
  changes ??= await changesSinceNewest(trx, row, kept[0]);
  const revision: InstructionRevisionsTable = {
    id: nanoid(),
    instruction_id: row.id,
    user_id: row.user_id,
    team_id: row.team_id,
    author_id: authorId,
    version: row.version,
    source,
    batch_id: batchId,
    changes: JSON.stringify([...(note ? [note] : []), ...(source === 'created' ? [] : changes)]),
    data: packRevisionDocument(row.data),
    created_at: row.updated_at,
  };
  await trx.insertInto('instruction_revisions').values(revision).execute();
  // With this one, the newest MAX_REVISIONS are it and the MAX_REVISIONS - 1 newest kept before.
  if (kept.length >= MAX_REVISIONS) await trx.deleteFrom('instruction_revisions').where('instruction_id', '=', row.id).where('version', '<', kept[MAX_REVISIONS - 2]!).execute();
}

/** The changes from the newest revision (`version`, none when undefined) to `row`'s content. */
async function changesSinceNewest(trx: Kysely<Database>, row: RevisionWrite['row'], version: number | undefined): Promise<string[]> {
  const newest = version === undefined ? undefined : await trx.selectFrom('instruction_revisions').select('data').where('instruction_id', '=', row.id).where('version', '=', version).executeTakeFirst();
  return describeChanges(newest ? parseStoredContent(revisionDocument(newest.data)) : null, parseStoredContent(row.data));
}
