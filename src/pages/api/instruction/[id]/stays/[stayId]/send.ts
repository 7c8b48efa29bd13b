import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { sendStayLink } from '@server/stays/send-stay-link.ts';
import { messages } from '@shared/messages.ts';
import { sendStaySchema } from '@shared/schemas/stay.ts';

/** POST /api/instruction/:id/stays/:stayId/send `{ email? }` → `{ message, to }`: the stay link by e-mail. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'stays.write', context.params.id ?? '');
  const { user } = requireUser(context.locals);
  const { email } = await readBody(context.request, sendStaySchema);
  const { to } = await sendStayLink({ access, userName: user.name, id: context.params.id ?? '', stayId: context.params.stayId ?? '', email, ip: clientAddress(context) });
  return json({ message: messages.stays.sent, to });
});
