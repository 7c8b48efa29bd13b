import { forBoth } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Billing: subscriptions with Stripe. The plan of an account is no longer a column that
// anything may write: it is derived from the synced subscription (src/lib/server/money/subscriptions).
// cancel_at_period_end is a 0/1 INTEGER on both databases, as the code reads it.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
-- One Stripe customer per user, created on the first checkout and reused (metadata.userId on Stripe's side).
-- open_checkout_session_id: the last checkout started, expired when a newer one starts (two tabs cannot both pay).
CREATE TABLE billing_customers (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL UNIQUE,
  open_checkout_session_id TEXT,
  created_at ${d.bigint} NOT NULL
)${d.strict};

-- The subscription that decides a user's plan: Stripe's state as last re-read (source 'stripe'),
-- or a plan an operator set with the admin CLI (source 'operator'). Times are epoch milliseconds.
CREATE TABLE subscriptions (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('stripe', 'operator')),
  stripe_subscription_id TEXT UNIQUE,
  stripe_customer_id TEXT,
  price_id TEXT,
  plan TEXT NOT NULL CHECK (plan IN ('free', 'gold', 'premium')),
  payment_interval TEXT CHECK (payment_interval IN ('monthly', 'yearly')),
  price_cents INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  current_period_end ${d.bigint},
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  -- A downgrade at period end (subscription schedule): the plan and interval of the next phase.
  next_plan TEXT CHECK (next_plan IN ('gold', 'premium')),
  next_interval TEXT CHECK (next_interval IN ('monthly', 'yearly')),
  -- An upgrade waiting for its payment (Stripe's pending_update): not in effect.
  pending_plan TEXT CHECK (pending_plan IN ('gold', 'premium')),
  pending_interval TEXT CHECK (pending_interval IN ('monthly', 'yearly')),
  pending_expires_at ${d.bigint},
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX subscriptions_customer ON subscriptions(stripe_customer_id);

-- Every Stripe event handled, under a UNIQUE key, written in the same transaction as its effect:
-- a redelivered event finds its id and changes nothing (docs/security.md 21).
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at ${d.bigint} NOT NULL
)${d.strict};

ALTER TABLE users DROP COLUMN plan;
`,
);
