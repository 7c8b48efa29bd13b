import { postgresDialect, sqliteDialect, type SqlDialect } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Teams (docs/decisions/028-teams.md §1–§4): every guidebook, stay, order, setting, upload,
// subscription and payout account belongs to a team, and a person belongs to teams through
// memberships. Every existing user becomes the owner of a team of one whose id (and whose owner
// membership's id) is the user's id, so every stored id, upload path (`u/<id>/…`), Stripe metadata
// value and lock key keeps naming the same account with nothing rewritten. One migration, so a
// database is either all-user or all-team.

const tables = (d: SqlDialect) => /* sql */ `
CREATE TABLE teams (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};

-- A person in a team with one role. Exactly one owner per team (the partial unique index refuses a second).
-- may_see_secrets means something for a cleaner only (decision 028 §2); invited_by: who invited them.
CREATE TABLE memberships (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'cleaner')),
  may_see_secrets INTEGER NOT NULL DEFAULT 0 CHECK (may_see_secrets IN (0, 1)),
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX memberships_team_user ON memberships(team_id, user_id);
CREATE UNIQUE INDEX memberships_one_owner ON memberships(team_id) WHERE role = 'owner';
CREATE INDEX memberships_user ON memberships(user_id);

-- The guidebooks an editor or a cleaner may act on; a deleted guidebook or membership takes its grants with it.
CREATE TABLE member_guidebooks (
  membership_id TEXT NOT NULL REFERENCES memberships(id) ON DELETE CASCADE,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  PRIMARY KEY (membership_id, instruction_id)
)${d.strict};
CREATE INDEX member_guidebooks_instruction ON member_guidebooks(instruction_id);

-- Every user, verified or not, owns a team of one with the user's id; the owner's membership takes it too
-- (deterministic, so both databases and a later copy agree without a random function).
INSERT INTO teams (id, name, created_at, updated_at) SELECT id, name, created_at, created_at FROM users;
INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at)
  SELECT id, id, id, 'owner', 1, NULL, created_at, created_at FROM users;

CREATE TABLE team_settings (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
INSERT INTO team_settings (team_id, data, updated_at) SELECT user_id, data, updated_at FROM user_settings;
DROP TABLE user_settings;
`;

/** The tables whose rows a team owns: `user_id` stays (who made the row), `team_id` decides (§3). */
const OWNED = ['instructions', 'instruction_revisions', 'stays', 'instruction_calendars', 'orders', 'order_confirmations', 'guest_feedback'] as const;

/**
 * `team_id` on each owned table, filled from `user_id` (a team of one has its owner's id). Declared
 * nullable, as SQLite adds a column with a foreign key only so, and required by a trigger pair
 * (SQLite) or a CHECK (PostgreSQL), each of which an existing table accepts (§3, "Not NULL without
 * a rebuild"). `uploads.team_id` may be NULL (a profile picture, in its person's space) and has no
 * foreign key, as `uploads.user_id` has none (0004: a cascade would orphan files). A session's team
 * is the one it acts for (§5); a deleted team leaves its sessions without one.
 */
const teamColumns = (d: SqlDialect) => /* sql */ `
${OWNED.map((table) => `ALTER TABLE ${table} ADD COLUMN team_id TEXT REFERENCES teams(id) ON DELETE CASCADE;\nUPDATE ${table} SET team_id = user_id;`).join('\n')}
${OWNED.map((table) => required(d, table)).join('\n')}
CREATE INDEX instructions_team ON instructions(team_id, created_at);
CREATE INDEX instruction_revisions_team ON instruction_revisions(team_id);
CREATE INDEX stays_team ON stays(team_id);
DROP INDEX orders_user;
CREATE INDEX orders_team ON orders(team_id, created_at);
CREATE INDEX guest_feedback_team_undigested ON guest_feedback(team_id, created_at) WHERE digested_at IS NULL;

ALTER TABLE uploads ADD COLUMN team_id TEXT;
UPDATE uploads SET team_id = user_id;
CREATE INDEX uploads_team ON uploads(team_id);

ALTER TABLE sessions ADD COLUMN team_id TEXT REFERENCES teams(id) ON DELETE SET NULL;
UPDATE sessions SET team_id = user_id;
`;

function required(d: SqlDialect, table: string): string {
  if (d.name === 'postgres') return `ALTER TABLE ${table} ADD CONSTRAINT ${table}_team_required CHECK (team_id IS NOT NULL);`;
  const raise = `BEGIN SELECT RAISE(ABORT, '${table}.team_id is required'); END;`;
  return `CREATE TRIGGER ${table}_team_required_insert BEFORE INSERT ON ${table} WHEN NEW.team_id IS NULL ${raise}
CREATE TRIGGER ${table}_team_required_update BEFORE UPDATE OF team_id ON ${table} WHEN NEW.team_id IS NULL ${raise}`;
}

/** The account tables, keyed by the team from now on; their CREATE as 0006 and 0011 wrote it, keyed by `team_id`. */
const accountTables = (d: SqlDialect, suffix: string) => /* sql */ `
CREATE TABLE billing_customers${suffix} (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL UNIQUE,
  open_checkout_session_id TEXT,
  created_at ${d.bigint} NOT NULL
)${d.strict};

CREATE TABLE subscriptions${suffix} (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
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
  next_plan TEXT CHECK (next_plan IN ('gold', 'premium')),
  next_interval TEXT CHECK (next_interval IN ('monthly', 'yearly')),
  pending_plan TEXT CHECK (pending_plan IN ('gold', 'premium')),
  pending_interval TEXT CHECK (pending_interval IN ('monthly', 'yearly')),
  pending_expires_at ${d.bigint},
  updated_at ${d.bigint} NOT NULL
)${d.strict};

CREATE TABLE payout_accounts${suffix} (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  stripe_account_id TEXT UNIQUE,
  currency TEXT NOT NULL,
  charges_enabled INTEGER NOT NULL DEFAULT 0,
  details_submitted INTEGER NOT NULL DEFAULT 0,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  disabled_reason TEXT,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
`;

const SUBSCRIPTION_COLUMNS =
  'source, stripe_subscription_id, stripe_customer_id, price_id, plan, payment_interval, price_cents, status, current_period_end, cancel_at_period_end, next_plan, next_interval, pending_plan, pending_interval, pending_expires_at, updated_at';
const PAYOUT_COLUMNS = 'stripe_account_id, currency, charges_enabled, details_submitted, payouts_enabled, disabled_reason, updated_at';

// SQLite cannot change a primary key or a foreign key in place: the three account tables, which
// nothing references, are rebuilt as 0007 rebuilt user_tokens (create `…_next`, copy, drop, rename).
export const up = /* sql */ `${tables(sqliteDialect)}${teamColumns(sqliteDialect)}${accountTables(sqliteDialect, '_next')}
INSERT INTO billing_customers_next (team_id, customer_id, open_checkout_session_id, created_at) SELECT user_id, customer_id, open_checkout_session_id, created_at FROM billing_customers;
DROP TABLE billing_customers;
ALTER TABLE billing_customers_next RENAME TO billing_customers;
INSERT INTO subscriptions_next (team_id, ${SUBSCRIPTION_COLUMNS}) SELECT user_id, ${SUBSCRIPTION_COLUMNS} FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_next RENAME TO subscriptions;
CREATE INDEX subscriptions_customer ON subscriptions(stripe_customer_id);
INSERT INTO payout_accounts_next (team_id, ${PAYOUT_COLUMNS}) SELECT user_id, ${PAYOUT_COLUMNS} FROM payout_accounts;
DROP TABLE payout_accounts;
ALTER TABLE payout_accounts_next RENAME TO payout_accounts;
`;

// PostgreSQL renames the key column in place and points its foreign key at teams (the names are
// the ones PostgreSQL gave the inline constraints in 0006 and 0011).
export const upPostgres = /* sql */ `${tables(postgresDialect)}${teamColumns(postgresDialect)}
${['billing_customers', 'subscriptions', 'payout_accounts']
  .map(
    (table) => `ALTER TABLE ${table} RENAME COLUMN user_id TO team_id;
ALTER TABLE ${table} DROP CONSTRAINT ${table}_user_id_fkey, ADD CONSTRAINT ${table}_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE CASCADE;`,
  )
  .join('\n')}
`;
