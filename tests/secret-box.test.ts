// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyRingOf, openSecret, sealedUnderPrevious, sealSecret, SecretBoxError, type Sealed } from '../src/lib/server/platform/secret-box.ts';

/**
 * The sealed credentials of docs/decisions/029-pms-connectors.md §3 (docs/security.md 42):
 * AES-256-GCM under a key derived from SECRETS_KEY, bound to its row and slot, named by a key id,
 * opened by the previous key during a rotation.
 */
const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const AAD = 'pms:int-1:team-1:smoobu:credentials';
const SECRET = '{"apiKey":"sk_live_8f1b2c","apiSecret":"hmac-secret-0451"}';

function failure(open: () => unknown): SecretBoxError {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretBoxError);
    return error as SecretBoxError;
  }
  throw new Error('it opened');
}

describe('sealing and opening', () => {
  const ring = keyRingOf({ current: KEY_A, previous: undefined });

  it('opens what it sealed; the stored form holds nothing of the secret or the key', () => {
    const sealed = sealSecret(ring, SECRET, AAD);
    expect(openSecret(ring, sealed, AAD)).toBe(SECRET);
    const stored = JSON.stringify(sealed);
    for (const part of ['sk_live_8f1b2c', 'hmac-secret-0451', Buffer.from(SECRET).toString('base64').slice(0, 12), KEY_A.toString('hex'), KEY_A.toString('base64')]) expect(stored).not.toContain(part);
    expect(sealed.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    // The ciphertext is the plain text's length plus the 16-byte tag.
    expect(Buffer.from(sealed.ciphertext, 'base64')).toHaveLength(Buffer.byteLength(SECRET) + 16);
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    const first = sealSecret(ring, SECRET, AAD);
    const second = sealSecret(ring, SECRET, AAD);
    expect(first.iv).not.toBe(second.iv);
    expect(first.ciphertext).not.toBe(second.ciphertext);
  });

  it('refuses a changed ciphertext, tag, IV or another row’s or slot’s aad', () => {
    const sealed = sealSecret(ring, SECRET, AAD);
    const flip = (base64: string, at: number) => {
      const bytes = Buffer.from(base64, 'base64');
      bytes[at] = bytes[at]! ^ 0x01;
      return bytes.toString('base64');
    };
    const body = Buffer.from(sealed.ciphertext, 'base64');
    const tampered: Sealed[] = [
      { ...sealed, ciphertext: flip(sealed.ciphertext, 0) },
      { ...sealed, ciphertext: flip(sealed.ciphertext, body.length - 1) },
      { ...sealed, ciphertext: body.subarray(0, body.length - 1).toString('base64') },
      { ...sealed, ciphertext: body.subarray(0, 10).toString('base64') },
      { ...sealed, iv: flip(sealed.iv, 3) },
      { ...sealed, iv: Buffer.alloc(8).toString('base64') },
    ];
    for (const changed of tampered) expect(failure(() => openSecret(ring, changed, AAD)).reason).toBe('tampered');
    for (const otherAad of ['pms:int-1:team-2:smoobu:credentials', 'pms:int-1:team-1:smoobu:access', 'pms:int-2:team-1:smoobu:credentials']) {
      expect(failure(() => openSecret(ring, sealed, otherAad)).reason).toBe('tampered');
    }
  });

  it('a wrong key does not open it, and the error names only the key id', () => {
    const sealed = sealSecret(ring, SECRET, AAD);
    const other = keyRingOf({ current: KEY_B, previous: undefined });
    const error = failure(() => openSecret(other, sealed, AAD));
    expect(error.reason).toBe('unknown-key');
    expect(error.keyId).toBe(sealed.keyId);
    expect(error.message).not.toContain('hmac-secret');
    // Even a value relabelled with the other key's id fails its check.
    expect(failure(() => openSecret(other, { ...sealed, keyId: other.current.id }, AAD)).reason).toBe('tampered');
  });
});

describe('rotation', () => {
  it('the previous key opens old values, new seals use the current key, and only old values need sealing again', () => {
    const before = keyRingOf({ current: KEY_A, previous: undefined });
    const old = sealSecret(before, SECRET, AAD);
    const rotating = keyRingOf({ current: KEY_B, previous: KEY_A });
    expect(openSecret(rotating, old, AAD)).toBe(SECRET);
    expect(sealedUnderPrevious(rotating, old)).toBe(true);
    const resealed = sealSecret(rotating, openSecret(rotating, old, AAD), AAD);
    expect(resealed.keyId).toBe(rotating.current.id);
    expect(resealed.keyId).not.toBe(old.keyId);
    expect(sealedUnderPrevious(rotating, resealed)).toBe(false);
    // Once the previous key is gone, only the re-sealed value opens.
    const after = keyRingOf({ current: KEY_B, previous: undefined });
    expect(openSecret(after, resealed, AAD)).toBe(SECRET);
    expect(failure(() => openSecret(after, old, AAD)).reason).toBe('unknown-key');
  });

  it('the key id is the same for the same key on every server, and differs between keys', () => {
    expect(keyRingOf({ current: Buffer.from(KEY_A), previous: undefined }).current.id).toBe(keyRingOf({ current: KEY_A, previous: undefined }).current.id);
    expect(keyRingOf({ current: KEY_A, previous: undefined }).current.id).not.toBe(keyRingOf({ current: KEY_B, previous: undefined }).current.id);
  });
});
