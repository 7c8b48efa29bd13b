import { getRuntime } from '../platform/runtime.ts';
import { toSessionUser, type SessionUser } from './types.ts';

const USER_FIELDS = ['id', 'name', 'email', 'picture', 'google_id', 'password_hash', 'email_verified_at'] as const;

/** The user row with its password hash (for checks inside src/lib/server/auth only). */
export async function findUserRecord(by: { id: string } | { email: string }) {
  const { db } = await getRuntime();
  const query = db.selectFrom('users').select([...USER_FIELDS]);
  return 'id' in by ? query.where('id', '=', by.id).executeTakeFirst() : query.where('email', '=', by.email).executeTakeFirst();
}

export async function findSessionUser({ id }: { id: string }): Promise<SessionUser | null> {
  const row = await findUserRecord({ id });
  return row ? toSessionUser(row) : null;
}
