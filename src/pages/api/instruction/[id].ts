import type { APIContext } from 'astro';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { ServerTiming } from '@server/http/server-timing.ts';
import { changeInstructionCode } from '@server/instructions/change-instruction-code.ts';
import { deleteInstruction } from '@server/instructions/delete-instruction.ts';
import { duplicateInstruction } from '@server/instructions/duplicate-instruction.ts';
import { getInstruction } from '@server/instructions/get-instruction.ts';
import { updateInstruction } from '@server/instructions/update-instruction.ts';
import { messages } from '@shared/messages.ts';
import { changeCodeSchema, saveInstructionSchema } from '@shared/schemas/instruction.ts';

/** The team acting (docs/decisions/028-teams.md) and the id from the path; every function below scopes its query by both. */
function scope(context: APIContext): { access: TeamAccess; id: string } {
  const access = requireTeam(context.locals);
  return { access, id: context.params.id ?? '' };
}

/** GET /api/instruction/:id */
export const GET = handle(async (context: APIContext) => json(await getInstruction(scope(context))));

/** PUT /api/instruction/:id: the whole guidebook and the version it was loaded at (409 if stale). */
export const PUT = handle(async (context: APIContext) => {
  const timing = new ServerTiming();
  const { version, ...content } = await readBody(context.request, saveInstructionSchema);
  timing.mark('body');
  const instruction = await updateInstruction({ ...scope(context), content, version, timing });
  return json({ message: messages.instruction.updated, instruction }, 200, { 'server-timing': timing.header() });
});

/** POST /api/instruction/:id: duplicate (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const instruction = await duplicateInstruction(scope(context));
  return json({ message: messages.instruction.duplicated, instruction }, 201);
});

/** DELETE /api/instruction/:id */
export const DELETE = handle(async (context: APIContext) => {
  await deleteInstruction(scope(context));
  return json({ message: messages.instruction.deleted });
});

/** PATCH /api/instruction/:id: change the code (docs/product.md §7). */
export const PATCH = handle(async (context: APIContext) => {
  const { code } = await readBody(context.request, changeCodeSchema);
  const instruction = await changeInstructionCode({ ...scope(context), code });
  return json({ message: messages.instruction.codeChanged, instruction });
});
