import type { APIContext } from 'astro';
import { decideByLink } from '@server/money/orders/decision-links.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { linkDecisionSchema } from '@shared/order-decision.ts';

/**
 * POST /api/orders/:orderId/decide `{ token, decision }` → `{ message, order: { id, status } }`:
 * the button of the mail's single-use Approve or Decline link (src/lib/shared/order-decision.ts).
 * No session: the token stands for the order's host. Our Origin only, like every /api write.
 */
export const POST = handle(async (context: APIContext) => {
  const { token, decision } = await readBody(context.request, linkDecisionSchema);
  return json(await decideByLink({ orderId: context.params.orderId ?? '', token, decision, ip: clientAddress(context) }));
});
