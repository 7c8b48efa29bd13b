import { forBoth, type SqlDialect } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Accounts: sessions per the Lucia guide and one-use mailed tokens (docs/security.md 3, 11).
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
-- id is the hex SHA-256 of the cookie token: a database dump holds no usable session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at ${d.bigint} NOT NULL,
  created_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX sessions_user ON sessions(user_id);

-- Mailed tokens (verification, reset, e-mail change): only their SHA-256 is kept; used_at makes them one-use.
-- A verification token may carry the name and password hash of the registration that sent it
-- (re-registering an unverified address), applied only when that very link is opened.
${createUserTokens(d, 'user_tokens', "'verify', 'reset', 'email_change'")}
CREATE INDEX user_tokens_user ON user_tokens(user_id, purpose);
`,
);

/**
 * The CREATE TABLE of user_tokens with the purposes it accepts: here, and again in 0007, which
 * rebuilds the table on SQLite to accept one more (SQLite cannot alter a CHECK).
 */
export function createUserTokens(d: SqlDialect, table: string, purposes: string): string {
  return /* sql */ `CREATE TABLE ${table} (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN (${purposes})),
  new_email TEXT,
  new_name TEXT,
  new_password_hash TEXT,
  expires_at ${d.bigint} NOT NULL,
  used_at ${d.bigint},
  created_at ${d.bigint} NOT NULL
)${d.strict};`;
}
