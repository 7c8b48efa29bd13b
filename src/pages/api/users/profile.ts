import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { updatePicture } from '@server/auth/update-picture.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { profilePictureSchema } from '@shared/schemas/auth.ts';

/** PATCH /api/users/profile: sets the picture path returned by the upload (docs/product.md §7). */
export const PATCH = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { picture } = await readBody(context.request, profilePictureSchema);
  return json(toUserInfo(await updatePicture({ user, picture })));
});
