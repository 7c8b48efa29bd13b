import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { rebuildSnapshotsForUser } from '../guest-pages/publish/invalidate-snapshots.ts';
import { flagsOfAccount } from './payout-row.ts';

/**
 * Writes what Stripe says of a connected account now into the row that holds it; answers whether
 * a row did (an account we never made holds none). Every path that learns an account's state (the
 * Connect event, the re-read on return and on Refresh) lands here.
 */
export async function storeAccountState(db: Kysely<Database>, account: Stripe.Account): Promise<boolean> {
  const flags = flagsOfAccount(account);
  const before = await db.selectFrom('payout_accounts').select(['user_id', 'charges_enabled']).where('stripe_account_id', '=', account.id).executeTakeFirst();
  const result = await db
    .updateTable('payout_accounts')
    .set({ ...flags, updated_at: Date.now() })
    .where('stripe_account_id', '=', account.id)
    .executeTakeFirst();
  // A public link that offers extras says whether they are paid by card (load-guest-page.ts): its
  // snapshot is rendered again when the account starts or stops taking charges.
  if (before && before.charges_enabled !== flags.charges_enabled) await rebuildSnapshotsForUser(before.user_id);
  return Number(result.numUpdatedRows) > 0;
}
