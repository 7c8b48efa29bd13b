import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { ServerTiming } from '@server/http/server-timing.ts';
import { changeInstructionCode } from '@server/instructions/change-instruction-code.ts';
import { deleteInstruction } from '@server/instructions/delete-instruction.ts';
import { duplicateInstruction } from '@server/instructions/duplicate-instruction.ts';
import { getInstruction } from '@server/instructions/get-instruction.ts';
import { updateInstruction } from '@server/instructions/update-instruction.ts';
import { messages } from '@shared/messages.ts';
import type { TeamAction } from '@shared/team-roles.ts';
import { changeCodeSchema, saveInstructionSchema } from '@shared/schemas/instruction.ts';

/**
 * The team acting (docs/decisions/028-teams.md), allowed `action` on the id from the path; every
 * function below scopes its query by both.
 */
async function scope(context: APIContext, action: TeamAction): Promise<{ access: TeamAccess; id: string }> {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  await authorize(access, action, id);
  return { access, id };
}

/** GET /api/instruction/:id */
export const GET = handle(async (context: APIContext) => json(await getInstruction(await scope(context, 'guidebook.read'))));

/** PUT /api/instruction/:id: the whole guidebook and the version it was loaded at (409 if stale). */
export const PUT = handle(async (context: APIContext) => {
  const owned = await scope(context, 'guidebook.edit');
  const timing = new ServerTiming();
  const { version, ...content } = await readBody(context.request, saveInstructionSchema);
  timing.mark('body');
  const instruction = await updateInstruction({ ...owned, content, version, timing });
  return json({ message: messages.instruction.updated, instruction }, 200, { 'server-timing': timing.header() });
});

/** POST /api/instruction/:id: duplicate (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const instruction = await duplicateInstruction(await scope(context, 'guidebook.create'));
  return json({ message: messages.instruction.duplicated, instruction }, 201);
});

/** DELETE /api/instruction/:id */
export const DELETE = handle(async (context: APIContext) => {
  await deleteInstruction(await scope(context, 'guidebook.trash'));
  return json({ message: messages.instruction.deleted });
});

/** PATCH /api/instruction/:id: change the code (docs/product.md §7). */
export const PATCH = handle(async (context: APIContext) => {
  const owned = await scope(context, 'guidebook.lock');
  const { code } = await readBody(context.request, changeCodeSchema);
  const instruction = await changeInstructionCode({ ...owned, code });
  return json({ message: messages.instruction.codeChanged, instruction });
});
