import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { flagsOfAccount } from './payout-row.ts';

/**
 * Writes what Stripe says of a connected account now into the row that holds it. Every path that
 * learns an account's state (the Connect event, the re-read on return and on Refresh) lands here.
 * Answers the team's id when the account started or stopped taking charges, else null: a public
 * link that offers extras says whether they are paid by card (load-guest-page.ts), so the caller
 * has the team's pages rendered again once its transaction has committed.
 */
export async function storeAccountState(db: Kysely<Database>, account: Stripe.Account): Promise<string | null> {
  const flags = flagsOfAccount(account);
  const before = await db.selectFrom('payout_accounts').select(['team_id', 'charges_enabled']).where('stripe_account_id', '=', account.id).executeTakeFirst();
  await db
    .updateTable('payout_accounts')
    .set({ ...flags, updated_at: Date.now() })
    .where('stripe_account_id', '=', account.id)
    .execute();
  return before && before.charges_enabled !== flags.charges_enabled ? before.team_id : null;
}
