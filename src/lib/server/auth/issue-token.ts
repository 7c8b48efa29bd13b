import type { Kysely, Transaction } from 'kysely';
import type { Database, UserTokenPurpose } from '@db/schema.ts';
import { generateToken, hashToken } from '../http/session-token.ts';

/** How long a mailed link works (docs/security.md 11). */
export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
  login: 15 * 60 * 1000,
};

export interface IssueTokenOptions {
  trx: Kysely<Database> | Transaction<Database>;
  userId: string;
  purpose: UserTokenPurpose;
  /** E-mail change: the address that the token confirms. */
  newEmail?: string | null;
  /** Verification of a repeated registration: the credentials that this link applies. */
  newName?: string | null;
  newPasswordHash?: string | null;
  /** By default earlier unused tokens of the purpose stop working: only the newest link counts. */
  keepEarlier?: boolean;
  now?: number;
}

/** A one-use token bound to a user and a purpose; returns the raw token for the mail, stores its hash. */
export async function issueToken(options: IssueTokenOptions): Promise<string> {
  const { trx, userId, purpose, now = Date.now() } = options;
  const token = generateToken();
  if (!options.keepEarlier) {
    await trx
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
  await trx
    .insertInto('user_tokens')
    .values({
      hash: hashToken(token),
      user_id: userId,
      purpose,
      new_email: options.newEmail ?? null,
      new_name: options.newName ?? null,
      new_password_hash: options.newPasswordHash ?? null,
      expires_at: now + TOKEN_LIFETIME_MS[purpose],
      used_at: null,
      created_at: now,
    })
    .execute();
  return token;
}
