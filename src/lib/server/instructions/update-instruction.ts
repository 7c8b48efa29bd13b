import { messages } from '@shared/messages.ts';
import { describeChanges } from '@shared/revision-changes.ts';
import type { RevisionSource } from '@shared/schemas/history.ts';
import { newPinProblem, type Instruction, type InstructionContent } from '@shared/schemas/instruction.ts';
import { AppError } from '../http/app-error.ts';
import type { ServerTiming } from '../http/server-timing.ts';
import { clearRateLimit, rateRules } from '../http/rate-limit.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { getRuntime } from '../platform/runtime.ts';
import { pinGuessingStoppedUntil } from '../guidebook/pin-guessing.ts';
import { recordRevision } from '../guidebook/record-revision.ts';
import { writeMentioningUploads } from '../uploads/uploads-in-use.ts';
import { assertCanEdit } from './assert-can-edit.ts';
import { cleanInstructionContent, storedRichTexts } from './clean-instruction-content.ts';
import { authorize } from '../account/authorize.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import { SECRET_FIELD_NAMES } from '@shared/team-activity.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent, toInstruction } from '../guidebook/instruction-row.ts';

/** The fields of the door's lock: who sees the code, the PIN, how early, the code itself (`guidebook.lock`). */
const LOCK_FIELDS = ['secretsPolicy', 'secretsPin', 'revealHoursBefore', 'code'] as const satisfies ReadonlyArray<keyof InstructionContent>;

/**
 * PUT /api/instruction/:id: replaces the content. `version` is the one the editor loaded; the
 * write happens only if it is still current (compare-and-set in one UPDATE), so a save from a
 * stale tab answers 409 instead of overwriting newer work.
 */
export async function updateInstruction({
  access,
  id,
  content,
  version,
  source = 'saved',
  note,
  timing,
}: {
  access: TeamAccess;
  id: string;
  content: InstructionContent;
  version: number;
  /** How the History names this save (a restore is a save too). */
  source?: RevisionSource;
  /** Said first in the History ("Restored version 12"). */
  note?: string;
  /** The save's phases, for the answer's Server-Timing header (http/server-timing.ts). */
  timing?: ServerTiming;
}): Promise<Instruction> {
  const { teamId } = access;
  const row = await findTeamGuidebook({ access, id });
  await assertCanEdit({ teamId, isFree: row.is_free === 1 });
  timing?.mark('read');
  const priced = await inHostCurrency(teamId, content);
  timing?.mark('currency');
  const before = parseStoredContent(row.data);
  // An Editor edits the content, not what guards the door (docs/decisions/028-teams.md §6): a save
  // or a restore that would change it is refused whole, nothing saved.
  if (LOCK_FIELDS.some((field) => content[field] !== before[field])) await authorize(access, 'guidebook.lock', id);
  const pinProblem = newPinProblem(content.secretsPin, before.secretsPin);
  if (pinProblem) throw new AppError('BAD_REQUEST', pinProblem);
  const cleaned = cleanInstructionContent({ content: priced, teamId, stored: storedRichTexts(before) });
  const data = JSON.stringify(cleaned);
  // Stale from the start: nothing more to do. Else the row read above is the version this save
  // replaces (the write below checks that it still is), so its History entry is described now,
  // outside the write transaction that holds SQLite's one writer (docs/performance.md).
  if (row.version !== version) throw new AppError('CONFLICT', messages.instruction.staleVersion);
  const changes = describeChanges(before, cleaned);
  timing?.mark('clean');

  const { db, dialect } = await getRuntime();
  // An image mentioned anew must still exist when this commits (uploads-in-use.ts).
  const updated = await db.transaction().execute((trx) =>
    writeMentioningUploads(trx, dialect, { space: teamId, before: row.data, after: data }, async (writer) => {
      const saved = await writer
        .updateTable('instructions')
        .set((eb) => ({ data, version: eb('version', '+', 1), updated_at: Date.now() }))
        .where('id', '=', id)
        .where('team_id', '=', teamId)
        .where('version', '=', version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      timing?.mark('update');
      if (saved) await recordRevision(writer, { row: saved, before: row, changes, authorId: access.userId, source, note });
      // The content itself is in History; what guards the door is the team's business too: which, never to what (docs/security.md 40).
      const secrets = SECRET_FIELD_NAMES.filter((field) => cleaned[field] !== before[field]);
      if (saved && secrets.length > 0) await recordActivity(writer, { teamId, by: memberActor(access), action: 'guidebook.secrets', guidebookId: id, details: { fields: secrets } });
      timing?.mark('revision');
      return saved;
    }),
  );
  if (!updated) {
    const still = await db.selectFrom('instructions').select('id').where('id', '=', id).where('team_id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirst();
    throw still ? new AppError('CONFLICT', messages.instruction.staleVersion) : instructionNotFound();
  }
  timing?.mark('commit');
  // A change of secrets policy changes what the page may hold: the old page goes at once too.
  await afterGuidebookWrite({ id, token: updated.token, secretsChanged: before.code !== cleaned.code || before.wifiPassword !== cleaned.wifiPassword || before.secretsPolicy !== cleaned.secretsPolicy });
  // A new PIN starts the link-wide count of wrong ones again (guidebook/pin-guessing.ts).
  if (before.secretsPin !== cleaned.secretsPin) await clearRateLimit(rateRules.pinLink(id));
  timing?.mark('publish');
  // With no PIN there is nothing to guess (a PIN removed cleared its count above): no read.
  const answer = toInstruction(updated, cleaned.secretsPin ? await pinGuessingStoppedUntil(id) : null, cleaned);
  timing?.mark('answer');
  return answer;
}
