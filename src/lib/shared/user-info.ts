import type { UserInfo } from './schemas/auth.ts';

/**
 * docs/product.md §3 "User info": the signed-in user as the browser remembers it, in localStorage under
 * `userInfo`. The account islands write it on login; the dashboard paints the name and picture
 * from it at once (src/admin/lib/user-store.ts). The server stays the authority: GET
 * /api/users/me replaces it on every dashboard load and a 401 clears it.
 */
export const USER_INFO_KEY = 'userInfo';

/** The five docs/product.md §3 fields of a user answer, whatever else it carries; null when it is not a user. */
export function parseUserInfo(value: unknown): UserInfo | null {
  if (!value || typeof value !== 'object') return null;
  const user = value as Record<string, unknown>;
  if (typeof user._id !== 'string' || typeof user.name !== 'string' || typeof user.email !== 'string') return null;
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    picture: typeof user.picture === 'string' ? user.picture : '',
    googleId: typeof user.googleId === 'string' && user.googleId ? user.googleId : null,
  };
}

export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    return raw ? parseUserInfo(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Stores the user's docs/product.md §3 fields; null (and nothing stored) when `value` is not a user. */
export function saveUserInfo(value: unknown): UserInfo | null {
  const info = parseUserInfo(value);
  if (!info) return null;
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode or a full quota: the session cookie still signs the user in.
  }
  return info;
}

export function removeUserInfo(): void {
  try {
    localStorage.removeItem(USER_INFO_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
