import type { Generated } from 'kysely';

/** Row types of the SQLite tables (db/migrations). Timestamps are epoch milliseconds. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  google_id: string | null;
  picture: string;
  email_verified_at: number | null;
  plan: string;
  created_at: number;
  updated_at: number;
}

export interface UserSettingsTable {
  user_id: string;
  data: string;
  updated_at: number;
}

export interface InstructionsTable {
  id: string;
  user_id: string;
  token: string;
  is_free: number;
  version: number;
  data: string;
  created_at: number;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  kind: 'contact' | 'user';
  user_id: string | null;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface SessionsTable {
  /** Hex SHA-256 of the cookie token (never the token itself). */
  id: string;
  user_id: string;
  expires_at: number;
  created_at: number;
}

export type UserTokenPurpose = 'verify' | 'reset' | 'email_change';

export interface UserTokensTable {
  /** Hex SHA-256 of the mailed token. */
  hash: string;
  user_id: string;
  purpose: UserTokenPurpose;
  new_email: string | null;
  new_name: string | null;
  new_password_hash: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** One stored upload (db/migrations/0004-uploads.ts); `key` is the path after /media/. */
export interface UploadsTable {
  key: string;
  user_id: string;
  bytes: number;
  created_at: number;
}

/** One reverse-geocoded point (db/migrations/0005-geocode-cache.ts); `key` is "lat,lng" to 5 decimals. */
export interface GeocodeCacheTable {
  key: string;
  address: string;
  created_at: number;
}

export interface MigrationsTable {
  name: string;
  applied_at: number;
}

export interface Database {
  users: UsersTable;
  user_settings: UserSettingsTable;
  instructions: InstructionsTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  uploads: UploadsTable;
  geocode_cache: GeocodeCacheTable;
  _migrations: MigrationsTable;
}
