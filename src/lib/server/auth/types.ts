import type { UsersTable } from '@db/schema.ts';

/** The signed-in user as routes see it on `locals.user` (never the password hash). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  picture: string;
  googleId: string | null;
  /** False for accounts made through Google that never set a password. */
  hasPassword: boolean;
  emailVerified: boolean;
}

/** The current session on `locals.session`; `id` is the hash stored in SQLite. */
export interface Session {
  id: string;
  userId: string;
  /** The team it acts for (docs/decisions/028-teams.md §5), null when none. */
  teamId: string | null;
  expiresAt: number;
}

export function toSessionUser(row: Pick<UsersTable, 'id' | 'name' | 'email' | 'picture' | 'google_id' | 'password_hash' | 'email_verified_at'>): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.picture,
    googleId: row.google_id,
    hasPassword: row.password_hash !== null,
    emailVerified: row.email_verified_at !== null,
  };
}
