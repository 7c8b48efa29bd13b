import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { shareInstructionByEmail } from '@server/sharing/share-instruction-by-email.ts';
import { messages } from '@shared/messages.ts';
import { shareByEmailSchema } from '@shared/schemas/sharing.ts';

/**
 * POST /api/instruction/:id/share[?lang=<lang>] `{ email }` (owner only): mails the guest link to a
 * guest, with `?lang=` the link of one of the guidebook's languages (docs/product.md "Guest page
 * languages"). → `{ message }`; 400 for a bad address or a language the guidebook is not in, 404 for someone else's guidebook, 429 past the limits.
 */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.send', context.params.id ?? '');
  const { user } = requireUser(context.locals);
  const { email } = await readBody(context.request, shareByEmailSchema);
  await shareInstructionByEmail({ access, userName: user.name, id: context.params.id ?? '', email, ip: clientAddress(context), language: context.url.searchParams.get('lang') });
  return json({ message: messages.sharing.mailSent });
});
