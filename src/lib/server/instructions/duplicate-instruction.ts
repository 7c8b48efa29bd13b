import { MAX_TEXT, type Instruction } from '@shared/schemas/instruction.ts';
import { jsonTextField } from '../platform/db/dialect.ts';
import { getRuntime } from '../platform/runtime.ts';
import { assertCanEdit } from './assert-can-edit.ts';
import { withoutForeignImages } from './clean-instruction-content.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent, toInstruction } from '../guidebook/instruction-row.ts';
import { insertInstruction } from './insert-instruction.ts';

/**
 * POST /api/instruction/:id: a copy of the content under a new id and a new link, named "Copy of …"
 * so the two can be told apart in the list. Counts toward the Free limit; its `isFree` follows the
 * plan at the time of copying, like a new guidebook.
 */
export async function duplicateInstruction({ access, id }: { access: TeamAccess; id: string }): Promise<Instruction> {
  const source = await findTeamGuidebook({ access, id });
  const plan = await assertCanEdit({ teamId: access.teamId, isFree: source.is_free === 1 });
  const content = withoutForeignImages(parseStoredContent(source.data), access.teamId);
  const nameInstruction = copyName(content.nameInstruction, await guidebookNames(access.teamId));
  const row = await insertInstruction({ access, plan, content: { ...content, nameInstruction } });
  await afterGuidebookWrite({ id: row.id });
  return toInstruction(row);
}

const COPY_PREFIX = 'Copy of ';

/**
 * "Copy of <original>", or "Copy of <original> (2)", "(3)"… while one of the team's guidebooks has
 * that name. The original part is shortened to keep the whole within the name's limit, and the
 * result is trimmed as the schema trims, so saving it back changes nothing.
 */
function copyName(original: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = `${COPY_PREFIX}${fitLength(original, MAX_TEXT - COPY_PREFIX.length - suffix.length)}`.trim() + suffix;
    if (!taken.has(name)) return name;
  }
}

/** The longest start of `text` within `max` UTF-16 units (zod's measure), never splitting a surrogate pair. */
function fitLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max) break;
    kept += char;
  }
  return kept;
}

async function guidebookNames(teamId: string): Promise<Set<string>> {
  const { db, dialect } = await getRuntime();
  const rows = await db
    .selectFrom('instructions')
    .select(jsonTextField(dialect, 'data', 'nameInstruction').as('name'))
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.name === null ? [] : [row.name])));
}
