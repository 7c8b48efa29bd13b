import { instructionContentSchema, MAX_TEXT, newPinProblem, type Instruction, type InstructionPartial } from '@shared/schemas/instruction.ts';
import { isMediaPath } from '@shared/schemas/media-path.ts';
import { getUserPlan } from '../account/get-user-plan.ts';
import { AppError } from '../http/app-error.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { getRuntime } from '../platform/runtime.ts';
import { getSettings } from '../guidebook/get-settings.ts';
import { mayReferenceImage } from '../uploads/may-reference-image.ts';
import { cleanInstructionContent } from './clean-instruction-content.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { toInstruction } from '../guidebook/instruction-row.ts';
import { insertInstruction } from './insert-instruction.ts';

/**
 * POST /api/instruction (docs/product.md §3 "User settings"): a new guidebook from the host's auto-fill
 * settings plus their picture and name (userImage, userName), overridden by whatever the body
 * sends. Free: at most 3 (403 beyond).
 */
export async function createInstruction({ userId, input }: { userId: string; input: InstructionPartial }): Promise<Instruction> {
  const { db } = await getRuntime();
  const [plan, settings, user] = await Promise.all([
    getUserPlan(userId),
    getSettings({ userId }),
    db.selectFrom('users').select(['name', 'picture']).where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const parsed = instructionContentSchema.safeParse({
    ...settings,
    // A picture saved before docs/security.md 30 may be another host's upload: the new guidebook goes without.
    photoGreating: isMediaPath(user.picture) && mayReferenceImage(userId, user.picture) ? user.picture : '',
    hostName: user.name.trim().slice(0, MAX_TEXT),
    ...withoutUndefined(input),
  });
  // The fields were checked one by one already; what is left is a rule across fields (a PIN policy without a PIN).
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid guidebook.');
  const content = parsed.data;
  const pinProblem = newPinProblem(content.secretsPin, '');
  if (pinProblem) throw new AppError('BAD_REQUEST', pinProblem);
  const row = await insertInstruction({ userId, plan, content: cleanInstructionContent({ content: await inHostCurrency(userId, content), userId }) });
  await afterGuidebookWrite({ id: row.id });
  return toInstruction(row);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
