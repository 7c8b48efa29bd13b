import type { APIContext } from 'astro';
import { changeName } from '@server/auth/change-name.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { messages } from '@shared/messages.ts';
import { changeNameSchema } from '@shared/schemas/auth.ts';

/** PATCH /api/users/name: new name, confirmed with the password (docs/product.md §5). */
export const PATCH = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { newName, password } = await readBody(context.request, changeNameSchema);
  const updated = await changeName({ user, newName, password, ip: clientAddress(context) });
  return json({ message: messages.auth.nameUpdated, user: toUserInfo(updated) });
});
