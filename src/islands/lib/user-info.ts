import type { UserInfo } from '../../lib/shared/schemas/auth.ts';

/** SPEC §3: the signed-in user's info lives in localStorage under this key (the admin reads it). */
export const USER_INFO_KEY = 'userInfo';

function isUserInfo(value: unknown): value is UserInfo {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user._id === 'string' && typeof user.name === 'string' && typeof user.email === 'string';
}

/** Keeps only the SPEC §3 fields, whatever else an answer carries. */
export function saveUserInfo(value: unknown): boolean {
  if (!isUserInfo(value)) return false;
  const { _id, name, email, picture, googleId } = value;
  const info: UserInfo = { _id, name, email, picture: typeof picture === 'string' ? picture : '', googleId: typeof googleId === 'string' ? googleId : null };
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode or a full quota: the session cookie still signs the user in.
  }
  return true;
}
