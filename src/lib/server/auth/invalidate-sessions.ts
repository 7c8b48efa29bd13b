import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';

/** Ends one session (logout). */
export async function invalidateSession({ sessionId }: { sessionId: string }): Promise<void> {
  const { db } = await getRuntime();
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Ends every session of a user (reset, password and e-mail change: docs/security.md 5). The caller
 * that keeps the actor signed in creates a fresh session afterwards, so no old token survives.
 */
export async function invalidateUserSessions({ userId, trx }: { userId: string; trx?: Kysely<Database> | Transaction<Database> }): Promise<void> {
  const db = trx ?? (await getRuntime()).db;
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
