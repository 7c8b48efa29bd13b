import { getRuntime } from '../platform/runtime.ts';
import { assertNotGoogleAccount } from './assert-password-account.ts';
import { findSessionUser } from './find-user.ts';
import { confirmPassword } from './login-user.ts';
import type { SessionUser } from './types.ts';

/** PATCH /api/users/name: needs the password (docs/product.md §5); Google accounts are locked (§6). */
export async function changeName({ user, newName, password, ip }: { user: SessionUser; newName: string; password: string; ip: string }): Promise<SessionUser> {
  assertNotGoogleAccount(user);
  await confirmPassword({ user, password, ip });
  const { db } = await getRuntime();
  await db.updateTable('users').set({ name: newName, updated_at: Date.now() }).where('id', '=', user.id).execute();
  return (await findSessionUser({ id: user.id }))!;
}
