import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { flagsOfAccount } from './payout-row.ts';

/**
 * Writes what Stripe says of a connected account now into the row that holds it; answers whether
 * a row did (an account we never made holds none). Every path that learns an account's state (the
 * Connect event, the re-read on return and on Refresh) lands here.
 */
export async function storeAccountState(db: Kysely<Database>, account: Stripe.Account): Promise<boolean> {
  const result = await db
    .updateTable('payout_accounts')
    .set({ ...flagsOfAccount(account), updated_at: Date.now() })
    .where('stripe_account_id', '=', account.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
