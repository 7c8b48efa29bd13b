import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { readUploadForm } from '@server/uploads/read-upload-form.ts';
import { uploadImage } from '@server/uploads/upload-image.ts';
import type { UploadSpace } from '@server/uploads/upload-space.ts';
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
  let space: UploadSpace = { id: user.id, teamId: null };
  if (purpose !== 'profile') {
    // The team's space is the team's to fill: a Cleaner uploads only their own picture (docs/decisions/028-teams.md §6).
    const access = requireTeam(context.locals);
    await authorize(access, 'uploads.write');
    space = { id: access.teamId, teamId };
  }
  const image = await uploadImage({ userId: user.id, teamId, space, bytes, kind });
  return json({ message: messages.upload.uploaded, image }, 201);
});
