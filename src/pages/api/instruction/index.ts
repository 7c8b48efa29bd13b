import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { createInstruction } from '@server/instructions/create-instruction.ts';
import { findInstructions } from '@server/instructions/find-instructions.ts';
import { readOptionalBody } from '@server/instructions/read-optional-body.ts';
import { messages } from '@shared/messages.ts';
import { instructionPartialSchema } from '@shared/schemas/instruction.ts';

/** GET /api/instruction: the signed-in host's guidebooks, newest first. */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.read');
  return json(await findInstructions({ access }));
});

/** POST /api/instruction: a new guidebook from the auto-fill settings (docs/product.md §3, §4). */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.create');
  const input = await readOptionalBody(context.request, instructionPartialSchema);
  const instruction = await createInstruction({ access, input });
  return json({ message: messages.instruction.created, instruction }, 201);
});
