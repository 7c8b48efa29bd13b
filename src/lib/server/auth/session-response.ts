import type { Config } from '../platform/config.ts';
import { json } from '../http/json.ts';
import type { NewSession } from './create-session.ts';
import { clearSessionCookie, serializeSessionCookie } from './session-cookie.ts';

/**
 * A JSON answer that also hands the browser a new session cookie (login, renewal after a change),
 * and any other cookie of the sign-in (the device cookie of known-device.ts).
 */
export function jsonWithSession(config: Pick<Config, 'isLocalOrigin'>, body: unknown, { token, session }: NewSession, status = 200, otherCookies: string[] = []): Response {
  const response = json(body, status, { 'set-cookie': serializeSessionCookie(config, token, session.expiresAt) });
  for (const cookie of otherCookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** A JSON answer that removes the session cookie (logout). */
export function jsonClearingSession(config: Pick<Config, 'isLocalOrigin'>, body: unknown, status = 200): Response {
  return json(body, status, { 'set-cookie': clearSessionCookie(config) });
}
