import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens for cookies and mails: 32 bytes from the CSPRNG (256 bits, docs/security.md 3 and 11), as
 * base64url. Only `hashToken(token)` is ever stored, so a database dump holds nothing usable.
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256, the form in which tokens are stored and looked up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
