import { getRuntime } from '../platform/runtime.ts';
import { assertMayReferenceImage } from '../uploads/may-reference-image.ts';
import { writeMentioningUploads } from '../uploads/uploads-in-use.ts';
import { scheduleUploadCleanup } from '../uploads/remove-unreferenced-uploads.ts';
import { findSessionUser } from './find-user.ts';
import type { SessionUser } from './types.ts';

/**
 * PATCH /api/users/profile: the picture path returned by the upload ('' removes it), an upload of
 * the person's own space (`for=profile`, docs/decisions/028-teams.md §3).
 */
export async function updatePicture({ user, picture }: { user: SessionUser; picture: string }): Promise<SessionUser> {
  assertMayReferenceImage({ space: user.id, path: picture, field: 'The profile picture' });
  const { db, dialect } = await getRuntime();
  // A picture uploaded long ago and unused since may be gone by now (uploads-in-use.ts).
  await writeMentioningUploads(db, dialect, { space: user.id, before: user.picture, after: picture }, (writer) =>
    writer.updateTable('users').set({ picture, updated_at: Date.now() }).where('id', '=', user.id).execute(),
  );
  // The previous picture may now be unreferenced; the debounced pass removes it after its grace period.
  scheduleUploadCleanup();
  return (await findSessionUser({ id: user.id }))!;
}
