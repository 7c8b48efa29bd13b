import type { APIContext } from 'astro';
import { requireUser } from '../../../lib/server/auth/require-user.ts';
import { updatePicture } from '../../../lib/server/auth/update-picture.ts';
import { toUserInfo } from '../../../lib/server/auth/user-info.ts';
import { handle, json, readBody } from '../../../lib/server/http/json.ts';
import { profilePictureSchema } from '../../../lib/shared/schemas/auth.ts';

/** PATCH /api/users/profile: sets the picture path returned by the upload (SPEC §7). */
export const PATCH = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { picture } = await readBody(context.request, profilePictureSchema);
  return json(toUserInfo(await updatePicture({ user, picture })));
});
