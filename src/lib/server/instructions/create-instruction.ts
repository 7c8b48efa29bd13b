import { instructionContentSchema, MAX_TEXT, newPinProblem, type Instruction, type InstructionPartial } from '@shared/schemas/instruction.ts';
import { isMediaPath } from '@shared/schemas/media-path.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { AppError } from '../http/app-error.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { getRuntime } from '../platform/runtime.ts';
import { getSettings } from '../guidebook/get-settings.ts';
import { copyIntoTeamSpace } from '../uploads/copy-upload.ts';
import { mayReferenceImage } from '../uploads/may-reference-image.ts';
import { cleanInstructionContent } from './clean-instruction-content.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';
import { insertInstruction } from './insert-instruction.ts';

/**
 * POST /api/instruction (docs/product.md §3 "User settings"): a new guidebook from the host's auto-fill
 * settings plus the creator's picture and name (userImage, userName), overridden by whatever the
 * body sends. Free: at most 3 (403 beyond).
 */
export async function createInstruction({ access, input }: { access: TeamAccess; input: InstructionPartial }): Promise<Instruction> {
  const { db } = await getRuntime();
  const { teamId, userId } = access;
  const [plan, settings, user] = await Promise.all([
    getTeamPlan(teamId),
    getSettings({ access }),
    db.selectFrom('users').select(['name', 'picture']).where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const parsed = instructionContentSchema.safeParse({
    ...settings,
    photoGreating: input.photoGreating === undefined ? await creatorPicture(access, user.picture) : '',
    hostName: user.name.trim().slice(0, MAX_TEXT),
    ...withoutUndefined(input),
  });
  // The fields were checked one by one already; what is left is a rule across fields (a PIN policy without a PIN).
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid guidebook.');
  const content = parsed.data;
  const pinProblem = newPinProblem(content.secretsPin, '');
  if (pinProblem) throw new AppError('BAD_REQUEST', pinProblem);
  const row = await insertInstruction({ access, plan, content: cleanInstructionContent({ content: await inHostCurrency(teamId, content), teamId }) });
  await afterGuidebookWrite({ id: row.id });
  return toInstruction(row);
}

/**
 * The creator's profile picture as the new guidebook's host picture, from the team's space
 * (docs/decisions/028-teams.md §3): as it is when it lives there already (a migrated account's
 * two spaces are one), else a copy of it from the person's own space. A picture saved before
 * docs/security.md 30 may be another account's upload: the new guidebook goes without.
 */
async function creatorPicture(access: TeamAccess, picture: string): Promise<string> {
  if (!isMediaPath(picture)) return '';
  if (mayReferenceImage(access.teamId, picture)) return picture;
  if (!mayReferenceImage(access.userId, picture)) return '';
  return copyIntoTeamSpace({ path: picture, userId: access.userId, teamId: access.teamId });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
