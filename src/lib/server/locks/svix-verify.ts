import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Svix's signature, checked by hand with node:crypto (docs/decisions/030-smart-locks.md §10; Svix's
 * "Verifying Webhooks Manually"): no dependency is imported for it, and
 * tests/locks-webhooks.test.ts checks it against Svix's own published example.
 */

/** Svix's libraries refuse a timestamp further than this from the receiver's clock, either way. */
export const SVIX_TOLERANCE_MS = 5 * 60_000;

export interface SvixHeaders {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
}

/**
 * Whether `rawBody` is signed by `secret` (`whsec_` and base64) as Svix signs: base64 of
 * HMAC-SHA256 over `${svix-id}.${svix-timestamp}.${body}`, keyed by the secret's decoded bytes,
 * one match among the space-separated `v1,<base64>` of `svix-signature`, compared in constant time;
 * and the timestamp within 5 minutes of `now`.
 */
export function verifySvix(secret: string, headers: SvixHeaders, rawBody: Buffer, now = Date.now()): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > SVIX_TOLERANCE_MS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
