// Forward-only: never edit a migration that has shipped; add the next number instead.
// Accounts: sessions per the Lucia guide and one-use mailed tokens (SECURITY.md 3, 11).
export const up = /* sql */ `
-- id is the hex SHA-256 of the cookie token: a database dump holds no usable session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_user ON sessions(user_id);

-- Mailed tokens (verification, reset, e-mail change): only their SHA-256 is kept; used_at makes them one-use.
-- A verification token may carry the name and password hash of the registration that sent it
-- (re-registering an unverified address), applied only when that very link is opened.
CREATE TABLE user_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change')),
  new_email TEXT,
  new_name TEXT,
  new_password_hash TEXT,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX user_tokens_user ON user_tokens(user_id, purpose);
`;

// PostgreSQL (issue 13): the same tables, times as BIGINT epoch milliseconds.
export const upPostgres = /* sql */ `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE user_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change')),
  new_email TEXT,
  new_name TEXT,
  new_password_hash TEXT,
  expires_at BIGINT NOT NULL,
  used_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE INDEX user_tokens_user ON user_tokens(user_id, purpose);
`;
