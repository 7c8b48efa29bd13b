import { forBoth } from './dialects.ts';

// Payouts through Stripe Connect (docs/decisions/020-extras-and-the-money-flow.md): one row per
// host that chose a currency or started onboarding. The account's flags are Stripe's, as last
// read (an `account.updated` Connect event, or a re-read when the host comes back from Stripe),
// kept as 0/1 INTEGERs on both databases, as the code reads them.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE payout_accounts (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The connected account (acct_…); NULL while the host has only chosen a currency.
  stripe_account_id TEXT UNIQUE,
  -- The one currency of every extra of the host (src/lib/shared/currencies.ts).
  currency TEXT NOT NULL,
  charges_enabled INTEGER NOT NULL DEFAULT 0,
  details_submitted INTEGER NOT NULL DEFAULT 0,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  -- Stripe's requirements.disabled_reason (why charges are off), as Stripe words it.
  disabled_reason TEXT,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
`,
);
