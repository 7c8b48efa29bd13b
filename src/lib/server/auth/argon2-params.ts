import type { Options } from '@node-rs/argon2';

/**
 * OWASP Password Storage: argon2id, m=19456 KiB, t=2, p=1 (docs/security.md 1). The one set of
 * parameters: the server hashes with it, and the test, e2e and bench fixtures that write accounts
 * straight into SQLite import it, so their hashes are the production ones. Node runs this file as
 * it is (scripts/bench.mjs): it imports types only.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the enum is `const` in the typings, which isolated modules cannot import.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;
