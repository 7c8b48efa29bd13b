import { createUserTokens } from './0002-accounts.ts';
import { postgresDialect, sqliteDialect, type SqlDialect } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Login proof (docs/security.md 8: no lockout a stranger can trigger). Past the per-account failure
// limit a login needs more proof than the password: a browser that signed in to the account before,
// or a one-time link mailed to the owner. Failures from elsewhere can then slow a guess but never
// lock the owner out.
const knownDevices = (d: SqlDialect) => /* sql */ `
-- A browser that signed in to the account: only the SHA-256 of its cookie token is kept.
CREATE TABLE known_devices (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at ${d.bigint} NOT NULL,
  last_used_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX known_devices_user ON known_devices(user_id, last_used_at);
`;

export const up = /* sql */ `${knownDevices(sqliteDialect)}
-- user_tokens gains the purpose 'login' (the mailed sign-in link). SQLite cannot alter a CHECK
-- constraint, so the table is rebuilt; nothing references it.
${createUserTokens(sqliteDialect, 'user_tokens_next', "'verify', 'reset', 'email_change', 'login'")}
INSERT INTO user_tokens_next SELECT hash, user_id, purpose, new_email, new_name, new_password_hash, expires_at, used_at, created_at FROM user_tokens;
DROP TABLE user_tokens;
ALTER TABLE user_tokens_next RENAME TO user_tokens;
CREATE INDEX user_tokens_user ON user_tokens(user_id, purpose);
`;

// PostgreSQL replaces the CHECK in place (its name is the one PostgreSQL gave the column's inline
// CHECK in 0002).
export const upPostgres = /* sql */ `${knownDevices(postgresDialect)}
ALTER TABLE user_tokens
  DROP CONSTRAINT user_tokens_purpose_check,
  ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'email_change', 'login'));
`;
