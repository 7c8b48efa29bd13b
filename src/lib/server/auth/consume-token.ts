import type { Kysely, Transaction } from 'kysely';
import type { Database, UserTokenPurpose } from '@db/schema.ts';
import { getRuntime } from '../platform/runtime.ts';
import { hashToken } from '../http/session-token.ts';

export interface ConsumedToken {
  userId: string;
  newEmail: string | null;
  newName: string | null;
  newPasswordHash: string | null;
}

export interface ConsumeTokenOptions {
  token: string;
  purpose: UserTokenPurpose;
  trx: Kysely<Database> | Transaction<Database>;
  /** When set, a token of another user is left untouched (e-mail change is bound to its account). */
  userId?: string;
  now?: number;
}

const FIELDS = ['user_id', 'new_email', 'new_name', 'new_password_hash'] as const;

type Row = { user_id: string; new_email: string | null; new_name: string | null; new_password_hash: string | null };

function toConsumed(row: Row | undefined): ConsumedToken | null {
  return row ? { userId: row.user_id, newEmail: row.new_email, newName: row.new_name, newPasswordHash: row.new_password_hash } : null;
}

/**
 * Marks a live token used and returns whom it belongs to, in one UPDATE: of two concurrent uses
 * exactly one gets the row (docs/security.md 11). Null for unknown, expired, used or other-purpose tokens.
 */
export async function consumeToken({ token, purpose, trx, userId, now = Date.now() }: ConsumeTokenOptions): Promise<ConsumedToken | null> {
  let query = trx
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query
    .returning([...FIELDS])
    .executeTakeFirst();
  return toConsumed(row);
}

/** Reads a live token without using it (the reset page checks its link on load). */
export async function peekToken({ token, purpose, now = Date.now() }: Omit<ConsumeTokenOptions, 'trx' | 'userId'>): Promise<ConsumedToken | null> {
  const { db } = await getRuntime();
  const row = await db
    .selectFrom('user_tokens')
    .select([...FIELDS])
    .where('hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return toConsumed(row);
}

/** Whom a token was issued to, whatever its state (to tell "already verified" from "bad link"). */
export async function findTokenOwner({ token, purpose }: { token: string; purpose: UserTokenPurpose }): Promise<string | null> {
  const { db } = await getRuntime();
  const row = await db
    .selectFrom('user_tokens')
    .select('user_id')
    .where('hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
