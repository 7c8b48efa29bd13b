import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from './argon2-params.ts';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be parsed; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that an unknown e-mail or an account without a password
 * costs the same time as a wrong password (docs/security.md 10). Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('porchlight-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
