import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing a secret a host gives us (a booking system's key) before it is stored, and opening it
 * for the length of one call (docs/decisions/029-pms-connectors.md §3, docs/security.md 42):
 * AES-256-GCM under a working key derived from SECRETS_KEY, a random 12-byte IV per seal, the
 * 16-byte tag after the ciphertext. `aad` binds a sealed value to the row and slot it was made
 * for, so one copied into another team's row, or into the other slot, does not open. A sealed
 * value names its key by an id that reveals nothing of the key, so rotation (SECRETS_KEY_PREVIOUS)
 * opens old rows while new seals use the new key. Platform: it knows no domain.
 */

const HKDF_INFO = 'porchlight/secret-box/v1';
const KEY_ID_PREFIX = 'porchlight/key-id';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface WorkingKey {
  id: string;
  key: Buffer;
}

/** The key that seals, and the one being rotated out (opens only). */
export interface SecretKeyRing {
  current: WorkingKey;
  previous: WorkingKey | undefined;
}

/** A sealed value as stored: which key, the IV and the ciphertext with its tag, both base64. */
export interface Sealed {
  keyId: string;
  iv: string;
  ciphertext: string;
}

/** Why a sealed value did not open: its key is neither of the ring's, or it (or its aad) was changed. */
export type SecretBoxFailure = 'unknown-key' | 'tampered';

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
  constructor(
    readonly reason: SecretBoxFailure,
    /** The sealed value's key id: the one thing about it that may be logged. */
    readonly keyId: string,
  ) {
    super(reason === 'unknown-key' ? `sealed under key ${keyId}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS` : `sealed value under key ${keyId} failed its check`);
  }
}

function workingKey(configured: Buffer): WorkingKey {
  const key = Buffer.from(hkdfSync('sha256', configured, Buffer.alloc(0), HKDF_INFO, 32));
  const id = createHash('sha256').update(KEY_ID_PREFIX).update(key).digest('hex').slice(0, 16);
  return { id, key };
}

/** The ring from the configured bytes (config.ts's `secretsKeys`). */
export function keyRingOf(keys: { current: Buffer; previous: Buffer | undefined }): SecretKeyRing {
  return { current: workingKey(keys.current), previous: keys.previous ? workingKey(keys.previous) : undefined };
}

export function sealSecret(ring: SecretKeyRing, plain: string, aad: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { keyId: ring.current.id, iv: iv.toString('base64'), ciphertext: body.toString('base64') };
}

/** The plain text of `sealed`; throws SecretBoxError when no key of the ring opens it with `aad`. */
export function openSecret(ring: SecretKeyRing, sealed: Sealed, aad: string): string {
  const key = [ring.current, ring.previous].find((candidate) => candidate?.id === sealed.keyId);
  if (!key) throw new SecretBoxError('unknown-key', sealed.keyId);
  const iv = Buffer.from(sealed.iv, 'base64');
  const body = Buffer.from(sealed.ciphertext, 'base64');
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('tampered', sealed.keyId);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('tampered', sealed.keyId);
  }
}

/** Whether `sealed` is under the previous key, and so to be sealed again under the current one. */
export function sealedUnderPrevious(ring: SecretKeyRing, sealed: Pick<Sealed, 'keyId'>): boolean {
  return ring.previous !== undefined && sealed.keyId === ring.previous.id && sealed.keyId !== ring.current.id;
}
