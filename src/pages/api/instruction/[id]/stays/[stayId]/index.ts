import type { APIContext } from 'astro';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { deleteStay } from '@server/stays/delete-stay.ts';
import { updateStay } from '@server/stays/update-stay.ts';
import { messages } from '@shared/messages.ts';
import { STAY_ORDERS_CHOICES, updateStaySchema, type StayOrdersChoice } from '@shared/schemas/stay.ts';
import { AppError } from '@server/http/app-error.ts';

function scope(context: APIContext): { access: TeamAccess; id: string; stayId: string } {
  const access = requireTeam(context.locals);
  return { access, id: context.params.id ?? '', stayId: context.params.stayId ?? '' };
}

/** PATCH /api/instruction/:id/stays/:stayId → `{ message, stay, orders }` (schemas/stay.ts). */
export const PATCH = handle(async (context: APIContext) => {
  const input = await readBody(context.request, updateStaySchema);
  const { stay, orders } = await updateStay(scope(context), input);
  const moved = orders.filter((order) => order.outcome === 'moved').map((order) => order.title);
  const ended = orders.filter((order) => order.outcome === 'ended').map((order) => order.title);
  const message = ended.length > 0 ? messages.stays.updatedOrdersEnded(ended) : moved.length > 0 ? messages.stays.updatedOrdersMoved(moved) : messages.stays.updated;
  return json({ message, stay, orders });
});

/** DELETE /api/instruction/:id/stays/:stayId[?orders=refund|keep] → `{ message }`; 409 `{ message, orders }` when it has orders and no choice. */
export const DELETE = handle(async (context: APIContext) => {
  const choice = context.url.searchParams.get('orders');
  if (choice !== null && !(STAY_ORDERS_CHOICES as readonly string[]).includes(choice)) throw new AppError('BAD_REQUEST', messages.stays.ordersChoiceInvalid);
  const { ended } = await deleteStay({ ...scope(context), orders: (choice ?? undefined) as StayOrdersChoice | undefined });
  return json({ message: ended > 0 ? messages.stays.deletedWithOrders(ended) : messages.stays.deleted });
});
