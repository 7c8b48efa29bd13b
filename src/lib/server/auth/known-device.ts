import type { Config } from '../platform/config.ts';
import { getRuntime } from '../platform/runtime.ts';
import { readTokenCookie } from './session-cookie.ts';
import { generateToken, hashToken } from '../http/session-token.ts';

/**
 * Device cookies (OWASP's answer to lockout by strangers): a browser that signed in to an account
 * keeps a random token, stored hashed, that proves "the owner used this browser before". Past the
 * per-account failure limit a password alone no longer signs in, but it still does from a known
 * browser, so failures from elsewhere cannot lock the owner out (docs/security.md 8).
 */
const BASE_NAME = 'porchlight_device';
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** The browsers remembered per account; the least recently used goes first. */
const KEEP_PER_USER = 20;

type CookieConfig = Pick<Config, 'isLocalOrigin'>;

function cookieName(config: CookieConfig): string {
  return config.isLocalOrigin ? BASE_NAME : `__Host-${BASE_NAME}`;
}

export function readDeviceToken(request: Request, config: CookieConfig): string | null {
  return readTokenCookie(request, cookieName(config));
}

/** Whether this browser's device token belongs to the account. */
export async function isKnownDevice(userId: string, token: string | null): Promise<boolean> {
  if (!token) return false;
  const { db } = await getRuntime();
  const row = await db.selectFrom('known_devices').select('hash').where('hash', '=', hashToken(token)).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Remembers the browser after a sign-in: keeps its token when it already names this account,
 * else issues a new one. Returns the Set-Cookie line (renewed for a year either way).
 */
export async function rememberDevice(config: CookieConfig, userId: string, current: string | null, now = Date.now()): Promise<string> {
  const { db } = await getRuntime();
  const known = await isKnownDevice(userId, current);
  const token = known && current ? current : generateToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('known_devices')
      .values({ hash: hashToken(token), user_id: userId, created_at: now, last_used_at: now })
      .onConflict((oc) => oc.column('hash').doUpdateSet({ last_used_at: now }))
      .execute();
    const stale = await trx.selectFrom('known_devices').select('hash').where('user_id', '=', userId).orderBy('last_used_at', 'desc').offset(KEEP_PER_USER).limit(1000).execute();
    if (stale.length > 0) await trx.deleteFrom('known_devices').where('hash', 'in', stale.map((row) => row.hash)).execute();
  });
  return serializeDeviceCookie(config, token, now + LIFETIME_MS);
}

function serializeDeviceCookie(config: CookieConfig, token: string, expiresAt: number): string {
  return [
    `${cookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.round(LIFETIME_MS / 1000)}`,
    `Expires=${new Date(expiresAt).toUTCString()}`,
    ...(config.isLocalOrigin ? [] : ['Secure']),
  ].join('; ');
}
