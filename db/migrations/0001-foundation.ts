import { forBoth } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// The same tables on both databases. Times are epoch milliseconds; documents are TEXT holding
// JSON, as every reader parses it. On PostgreSQL `instructions.seq` is the insertion order SQLite
// keeps as rowid (src/lib/server/platform/db/dialect.ts).
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT,
  google_id TEXT UNIQUE,
  picture TEXT NOT NULL DEFAULT '',
  email_verified_at ${d.bigint},
  plan TEXT NOT NULL DEFAULT 'free',
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};

CREATE TABLE user_settings (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};

CREATE TABLE instructions (
  id TEXT PRIMARY KEY,${d.name === 'postgres' ? '\n  seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,' : ''}
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  is_free INTEGER NOT NULL DEFAULT 1,
  version INTEGER NOT NULL DEFAULT 1,
  data TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX instructions_user ON instructions(user_id, created_at);

CREATE TABLE contact_messages (
  id ${d.autoId},
  kind TEXT NOT NULL,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  ip TEXT,
  created_at ${d.bigint} NOT NULL
)${d.strict};

CREATE TABLE outbox (
  id ${d.autoId},
  to_address TEXT NOT NULL,
  reply_to TEXT,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.bigint} NOT NULL,
  last_error TEXT,
  created_at ${d.bigint} NOT NULL,
  sent_at ${d.bigint}
)${d.strict};
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at ${d.bigint} NOT NULL
)${d.strict};
`,
);
