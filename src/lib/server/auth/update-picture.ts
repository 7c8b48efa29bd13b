import { getRuntime } from '../runtime.ts';
import { findSessionUser } from './find-user.ts';
import type { SessionUser } from './types.ts';

/** PATCH /api/users/profile: the picture path returned by the upload ('' removes it). */
export async function updatePicture({ user, picture }: { user: SessionUser; picture: string }): Promise<SessionUser> {
  const { db } = await getRuntime();
  await db.updateTable('users').set({ picture, updated_at: Date.now() }).where('id', '=', user.id).execute();
  return (await findSessionUser({ id: user.id }))!;
}
