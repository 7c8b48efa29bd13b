import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { consumeToken, findTokenOwner } from './consume-token.ts';

/**
 * Opens a verification link (docs/product.md §4): 409 when the address is already verified (a second click),
 * 400 for a link that is unknown, expired or replaced. A link sent for a repeated registration
 * applies that registration's name and password (see register-user.ts).
 */
export async function verifyEmail({ token }: { token: string }): Promise<void> {
  const { db } = await getRuntime();
  const ownerId = await findTokenOwner({ token, purpose: 'verify' });
  if (!ownerId) throw new AppError('BAD_REQUEST', messages.auth.verificationFailed);

  const now = Date.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('users').select('email_verified_at').where('id', '=', ownerId).executeTakeFirst();
    if (!owner) return 'failed';
    if (owner.email_verified_at !== null) return 'already';
    const consumed = await consumeToken({ token, purpose: 'verify', trx, now });
    if (!consumed) return 'failed';
    await trx
      .updateTable('users')
      .set({
        email_verified_at: now,
        ...(consumed.newName ? { name: consumed.newName } : {}),
        ...(consumed.newPasswordHash ? { password_hash: consumed.newPasswordHash } : {}),
        updated_at: now,
      })
      .where('id', '=', consumed.userId)
      .execute();
    // The other links of this address are moot now.
    await trx.updateTable('user_tokens').set({ used_at: now }).where('user_id', '=', consumed.userId).where('purpose', '=', 'verify').where('used_at', 'is', null).execute();
    return 'verified';
  });
  if (outcome === 'already') throw new AppError('CONFLICT', messages.auth.alreadyVerified);
  if (outcome === 'failed') throw new AppError('BAD_REQUEST', messages.auth.verificationFailed);
}
