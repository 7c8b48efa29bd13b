import type { Config } from '../platform/config.ts';

/**
 * The session cookie (docs/security.md 6): HttpOnly, SameSite=Lax, Path=/; Secure with the `__Host-`
 * prefix whenever the public origin is not plain-http localhost. Written by hand so that the
 * middleware and the routes set exactly one well-formed header.
 */
const BASE_NAME = 'porchlight_session';

export function sessionCookieName(config: Pick<Config, 'isLocalOrigin'>): string {
  return config.isLocalOrigin ? BASE_NAME : `__Host-${BASE_NAME}`;
}

export function serializeSessionCookie(config: Pick<Config, 'isLocalOrigin'>, token: string, expiresAt: number): string {
  const maxAge = Math.max(0, Math.round((expiresAt - Date.now()) / 1000));
  return [
    `${sessionCookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    `Expires=${new Date(expiresAt).toUTCString()}`,
    ...(config.isLocalOrigin ? [] : ['Secure']),
  ].join('; ');
}

/** Tells the browser to drop the cookie (logout, or a cookie that no longer names a session). */
export function clearSessionCookie(config: Pick<Config, 'isLocalOrigin'>): string {
  return [
    `${sessionCookieName(config)}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(config.isLocalOrigin ? [] : ['Secure']),
  ].join('; ');
}

/** The session token from a Cookie header, or null; tokens are base64url, anything else is ignored. */
export function readSessionToken(request: Request, config: Pick<Config, 'isLocalOrigin'>): string | null {
  return readTokenCookie(request, sessionCookieName(config));
}

/** A token cookie's value by name, or null; our tokens are base64url, anything else is ignored. */
export function readTokenCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[\w-]{20,100}$/.test(value) ? value : null;
  }
  return null;
}
