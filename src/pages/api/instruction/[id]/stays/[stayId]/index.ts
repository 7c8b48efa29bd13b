import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam, type TeamAccess } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { deleteStay } from '@server/stays/delete-stay.ts';
import { updateStay } from '@server/stays/update-stay.ts';
import { messages } from '@shared/messages.ts';
import { STAY_ORDERS_CHOICES, updateStaySchema, type StayOrdersChoice } from '@shared/schemas/stay.ts';
import { AppError } from '@server/http/app-error.ts';
import type { TeamAction } from '@shared/team-roles.ts';

/** The team acting, allowed `action` on the stays of the guidebook of the path (docs/decisions/028-teams.md §6). */
async function scope(context: APIContext, action: TeamAction): Promise<{ access: TeamAccess; id: string; stayId: string }> {
  const access = requireTeam(context.locals);
  const id = context.params.id ?? '';
  await authorize(access, action, id);
  return { access, id, stayId: context.params.stayId ?? '' };
}

/** PATCH /api/instruction/:id/stays/:stayId → `{ message, stay, orders }` (schemas/stay.ts). */
export const PATCH = handle(async (context: APIContext) => {
  const owned = await scope(context, 'stays.write');
  const input = await readBody(context.request, updateStaySchema);
  const { stay, orders } = await updateStay(owned, input);
  const moved = orders.filter((order) => order.outcome === 'moved').map((order) => order.title);
  const ended = orders.filter((order) => order.outcome === 'ended').map((order) => order.title);
  const message = ended.length > 0 ? messages.stays.updatedOrdersEnded(ended) : moved.length > 0 ? messages.stays.updatedOrdersMoved(moved) : messages.stays.updated;
  return json({ message, stay, orders });
});

/** DELETE /api/instruction/:id/stays/:stayId[?orders=refund|keep] → `{ message }`; 409 `{ message, orders }` when it has orders and no choice. */
export const DELETE = handle(async (context: APIContext) => {
  const owned = await scope(context, 'stays.write');
  const choice = context.url.searchParams.get('orders');
  if (choice !== null && !(STAY_ORDERS_CHOICES as readonly string[]).includes(choice)) throw new AppError('BAD_REQUEST', messages.stays.ordersChoiceInvalid);
  const { ended } = await deleteStay({ ...owned, orders: (choice ?? undefined) as StayOrdersChoice | undefined });
  return json({ message: ended > 0 ? messages.stays.deletedWithOrders(ended) : messages.stays.deleted });
});
