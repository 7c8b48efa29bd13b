// Forward-only: never edit a migration that has shipped; add the next number instead.
// Login proof (issue: polish, item 1). Past the per-account failure limit a login needs more
// proof than the password: a browser that signed in to the account before, or a one-time link
// mailed to the owner. Failures from elsewhere can then slow a guess but never lock the owner out.
export const up = /* sql */ `
-- A browser that signed in to the account: only the SHA-256 of its cookie token is kept.
CREATE TABLE known_devices (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
) STRICT;
CREATE INDEX known_devices_user ON known_devices(user_id, last_used_at);

-- user_tokens gains the purpose 'login' (the mailed sign-in link). SQLite cannot alter a CHECK
-- constraint, so the table is rebuilt; nothing references it.
CREATE TABLE user_tokens_next (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change', 'login')),
  new_email TEXT,
  new_name TEXT,
  new_password_hash TEXT,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
INSERT INTO user_tokens_next SELECT hash, user_id, purpose, new_email, new_name, new_password_hash, expires_at, used_at, created_at FROM user_tokens;
DROP TABLE user_tokens;
ALTER TABLE user_tokens_next RENAME TO user_tokens;
CREATE INDEX user_tokens_user ON user_tokens(user_id, purpose);
`;

// PostgreSQL (issue 13): the same table; a CHECK constraint can be replaced in place (its name is
// the one PostgreSQL gave the column's inline CHECK in 0002).
export const upPostgres = /* sql */ `
CREATE TABLE known_devices (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL
);
CREATE INDEX known_devices_user ON known_devices(user_id, last_used_at);

ALTER TABLE user_tokens
  DROP CONSTRAINT user_tokens_purpose_check,
  ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'email_change', 'login'));
`;
