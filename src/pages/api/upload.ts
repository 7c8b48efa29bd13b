import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { handle, json } from '@server/http/json.ts';
import { readUploadForm } from '@server/uploads/read-upload-form.ts';
import { uploadImage } from '@server/uploads/upload-image.ts';
import { messages } from '@shared/messages.ts';

/** POST /api/upload: multipart `image` + `type` (square | rectangle) → { message, image } (docs/product.md §7). */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { bytes, kind } = await readUploadForm(context.request);
  const image = await uploadImage({ userId: user.id, bytes, kind });
  return json({ message: messages.upload.uploaded, image }, 201);
});
