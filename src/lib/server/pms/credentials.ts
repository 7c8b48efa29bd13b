import { randomBytes } from 'node:crypto';
import type { PmsIntegrationsTable } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import type { Config } from '../platform/config.ts';
import { getRuntime } from '../platform/runtime.ts';
import { keyRingOf, openSecret, sealSecret, type SecretKeyRing } from '../platform/secret-box.ts';
import type { AccessToken } from './adapter.ts';

/**
 * An integration's credentials, sealed (docs/decisions/029-pms-connectors.md §3, docs/security.md
 * 42): the JSON of what the system needs to act again and the hook secret Porchlight made for
 * it, sealed under SECRETS_KEY with the row's id, team and system as the associated data, so a
 * value copied into another row does not open. Opened only here, for the length of one call. The
 * `access` slot holds a token the system issued (Beds24's, Hostaway's) the same way, under its own slot
 * name, so neither sealed value opens in the other's place.
 */
export interface StoredCredentials {
  secrets: unknown;
  /** 32 random bytes, base64url: Beds24's header value, Hostaway's Basic password (slices 4, 5). */
  hookSecret: string;
}

type CredentialColumns = Pick<PmsIntegrationsTable, 'credentials_key_id' | 'credentials_iv' | 'credentials_ct'>;
export type AccessColumns = Pick<PmsIntegrationsTable, 'access_key_id' | 'access_iv' | 'access_ct' | 'access_expires_at'>;
type RowIds = Pick<PmsIntegrationsTable, 'id' | 'team_id' | 'system'>;

const rings = new WeakMap<Config, SecretKeyRing>();

/** The key ring, or 503 "Integrations need a secret key" when SECRETS_KEY is not set: asked before a body is read. */
export function integrationsKeyRing(config: Config): SecretKeyRing {
  if (!config.secretsKeys) throw new AppError('SERVICE_UNAVAILABLE', messages.integrations.needsKey);
  let ring = rings.get(config);
  if (!ring) rings.set(config, (ring = keyRingOf(config.secretsKeys)));
  return ring;
}

/** The routes' first step after the role: 503 before anything is read when integrations are off. */
export async function requireIntegrationsKey(): Promise<SecretKeyRing> {
  return integrationsKeyRing((await getRuntime()).config);
}

const aadOf = (row: RowIds, slot: 'credentials' | 'access') => `pms:${row.id}:${row.team_id}:${row.system}:${slot}`;

export function newHookSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sealCredentials(ring: SecretKeyRing, row: RowIds, stored: StoredCredentials): CredentialColumns {
  const sealed = sealSecret(ring, JSON.stringify(stored), aadOf(row, 'credentials'));
  return { credentials_key_id: sealed.keyId, credentials_iv: sealed.iv, credentials_ct: sealed.ciphertext };
}

/** The stored credentials; throws SecretBoxError when the ring cannot open them (the caller turns the integration `reconnect`). */
export function openCredentials(ring: SecretKeyRing, row: RowIds & CredentialColumns): StoredCredentials {
  const plain = openSecret(ring, { keyId: row.credentials_key_id, iv: row.credentials_iv, ciphertext: row.credentials_ct }, aadOf(row, 'credentials'));
  return JSON.parse(plain) as StoredCredentials;
}

/** An access token (Beds24's, Hostaway's) sealed into the row's `access` slot as a string, its usable-until time beside it in clear. */
export function sealAccess(ring: SecretKeyRing, row: RowIds, access: AccessToken): AccessColumns {
  const sealed = sealSecret(ring, access.token, aadOf(row, 'access'));
  return { access_key_id: sealed.keyId, access_iv: sealed.iv, access_ct: sealed.ciphertext, access_expires_at: access.expiresAt };
}

/** The stored access token, or null when there is none or the ring cannot open it (a new one is minted). */
export function openAccess(ring: SecretKeyRing, row: RowIds & AccessColumns): AccessToken | null {
  if (row.access_key_id === null || row.access_iv === null || row.access_ct === null || row.access_expires_at === null) return null;
  try {
    return { token: openSecret(ring, { keyId: row.access_key_id, iv: row.access_iv, ciphertext: row.access_ct }, aadOf(row, 'access')), expiresAt: row.access_expires_at };
  } catch {
    return null;
  }
}
