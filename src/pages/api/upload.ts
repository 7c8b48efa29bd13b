import type { APIContext } from 'astro';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { readUploadForm } from '@server/uploads/read-upload-form.ts';
import { uploadImage } from '@server/uploads/upload-image.ts';
import { messages } from '@shared/messages.ts';

/**
 * POST /api/upload: multipart `image` + `type` (square | rectangle) + optional `for` (profile) →
 * { message, image } (docs/product.md §7). An image goes to the space of the team the session acts
 * for; `for=profile` to the person's own (docs/decisions/028-teams.md §3).
 */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { bytes, kind, purpose } = await readUploadForm(context.request);
  const teamId = context.locals.team?.teamId ?? null;
  const space = purpose === 'profile' ? { id: user.id, teamId: null } : { id: requireTeam(context.locals).teamId, teamId };
  const image = await uploadImage({ userId: user.id, teamId, space, bytes, kind });
  return json({ message: messages.upload.uploaded, image }, 201);
});
