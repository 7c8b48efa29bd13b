import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP Password Storage: argon2id, m=19456 KiB, t=2, p=1 (SECURITY.md 1). */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is `const` in the typings, which isolated modules cannot import.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

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
 * costs the same time as a wrong password (SECURITY.md 10). Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('porchlight-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
