import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { deleteStay, updateStay } from '@server/stays/stays.ts';
import { messages } from '@shared/messages.ts';
import { updateStaySchema } from '@shared/schemas/stay.ts';

function scope(context: APIContext): { userId: string; id: string; stayId: string } {
  const { user } = requireUser(context.locals);
  return { userId: user.id, id: context.params.id ?? '', stayId: context.params.stayId ?? '' };
}

/** PATCH /api/instruction/:id/stays/:stayId → `{ message, stay }`. */
export const PATCH = handle(async (context: APIContext) => {
  const input = await readBody(context.request, updateStaySchema);
  const stay = await updateStay(scope(context), input);
  return json({ message: messages.stays.updated, stay });
});

/** DELETE /api/instruction/:id/stays/:stayId → `{ message }`. */
export const DELETE = handle(async (context: APIContext) => {
  await deleteStay(scope(context));
  return json({ message: messages.stays.deleted });
});
