import type { InstructionRevisionsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import type { Revision, RevisionSummary } from '@shared/schemas/history.ts';
import { instructionContentSchema, type Instruction } from '@shared/schemas/instruction.ts';
import type { TeamScope } from '../account/team-access.ts';
import { AppError } from '../http/app-error.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { revisionDocument } from '../guidebook/revision-data.ts';
import { updateInstruction } from '../instructions/update-instruction.ts';
import { getRuntime } from '../platform/runtime.ts';

type RevisionRow = Pick<InstructionRevisionsTable, 'id' | 'version' | 'source' | 'changes' | 'created_at'> & { author: string | null };

function toSummary(row: RevisionRow, currentVersion: number): RevisionSummary {
  return {
    id: row.id,
    version: row.version,
    savedAt: new Date(row.created_at).toISOString(),
    source: row.source,
    author: row.author,
    changes: JSON.parse(row.changes) as string[],
    current: row.version === currentVersion,
  };
}

async function revisionRows(instructionId: string, teamId: string) {
  const { db } = await getRuntime();
  return db
    .selectFrom('instruction_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.id', 'r.version', 'r.source', 'r.changes', 'r.created_at', 'u.name as author'])
    .where('r.instruction_id', '=', instructionId)
    .where('r.team_id', '=', teamId);
}

/** GET /api/instruction/:id/revisions: the saved versions, newest first (the team's only). */
export async function listRevisions({ access, id }: { access: TeamScope; id: string }): Promise<RevisionSummary[]> {
  const row = await findTeamGuidebook({ access, id });
  return (await (await revisionRows(id, access.teamId)).orderBy('r.version', 'desc').execute()).map((revision) => toSummary(revision, row.version));
}

/** GET /api/instruction/:id/revisions/:revisionId: one version with its content, secrets included (the team's only). */
export async function getRevision({ access, id, revisionId }: { access: TeamScope; id: string; revisionId: string }): Promise<Revision> {
  const row = await findTeamGuidebook({ access, id });
  const revision = await (await revisionRows(id, access.teamId)).select('r.data').where('r.id', '=', revisionId).executeTakeFirst();
  if (!revision) throw new AppError('NOT_FOUND', messages.revisions.notFound);
  return { ...toSummary(revision, row.version), content: parseStoredContent(revisionDocument(revision.data)) };
}

/**
 * POST /api/instruction/:id/revisions/:revisionId/restore: saves that version's content as a new
 * version, through the same path as the editor's save (plan, PIN rule, sanitiser, uploads still
 * there, compare-and-set on `version`), so the restore shows in the History and can be undone.
 * The content is read through today's schema: a version saved under older rules that today's
 * refuse answers 400 saying why, and nothing changes.
 */
export async function restoreRevision({ access, id, revisionId, version }: { access: TeamAccess; id: string; revisionId: string; version: number }): Promise<Instruction> {
  const revision = await getRevision({ access, id, revisionId });
  const parsed = instructionContentSchema.safeParse(revision.content);
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.revisions.cannotRestore(parsed.error.issues[0]?.message ?? ''));
  return updateInstruction({ access, id, content: parsed.data, version, source: 'restored', note: `Restored version ${revision.version}` });
}
