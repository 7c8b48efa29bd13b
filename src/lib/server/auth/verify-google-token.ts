import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../platform/config.ts';

/** Google signs ID tokens with RS256 and names itself in `iss` in one of two ways (Google's guide). */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** One cached key set per JWKS URL: jose refetches on an unknown `kid` (key rotation). */
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * Verifies a Google ID token (docs/security.md 12): RS256 signature against the JWKS, `iss`, `aud` equal
 * to our client id, `exp`; and a verified e-mail, since accounts link by it. Null on any fault.
 */
export async function verifyGoogleToken({ config, credential }: { config: NonNullable<Config['google']>; credential: string }): Promise<GoogleIdentity | null> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, keySet(config.jwksUrl), {
      issuer: GOOGLE_ISSUERS,
      audience: config.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'sub', 'email'],
      clockTolerance: 5,
    }));
  } catch {
    return null;
  }
  const { sub, email } = payload;
  // Google sends a boolean; very old tokens carried the string "true".
  const emailVerified = payload['email_verified'] === true || payload['email_verified'] === 'true';
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@') || !emailVerified) return null;
  const name = typeof payload['name'] === 'string' && payload['name'].trim() ? payload['name'].trim().slice(0, 100) : email.split('@')[0]!;
  return { sub, email: email.toLowerCase(), name };
}
