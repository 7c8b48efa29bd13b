import type { CodeRow } from './code-transitions.ts';
import type { Config } from '../platform/config.ts';
import { keyRingOf, openSecret, sealSecret, type SecretKeyRing } from '../platform/secret-box.ts';

/**
 * A stay's door code is a secret (docs/decisions/030-smart-locks.md §8, docs/security.md 31): its
 * digits are stored sealed under SECRETS_KEY (platform/secret-box.ts) with an AAD that binds them
 * to their row and team, and opened only to answer the guest's secrets API.
 */

const rings = new WeakMap<Config, SecretKeyRing>();

function ringOf(config: Config): SecretKeyRing {
  if (!config.secretsKeys) throw new Error('smart locks need SECRETS_KEY');
  let ring = rings.get(config);
  if (!ring) rings.set(config, (ring = keyRingOf(config.secretsKeys)));
  return ring;
}

const aadOf = (row: Pick<CodeRow, 'id' | 'team_id'>) => `lock-code:${row.id}:${row.team_id}`;

/** The sealed columns for `digits` on `row`. */
export function sealCode(config: Config, row: Pick<CodeRow, 'id' | 'team_id'>, digits: string): Pick<CodeRow, 'code_key_id' | 'code_iv' | 'code_ct'> {
  const sealed = sealSecret(ringOf(config), digits, aadOf(row));
  return { code_key_id: sealed.keyId, code_iv: sealed.iv, code_ct: sealed.ciphertext };
}

/** The row's digits, or null when it holds none. */
export function openCode(config: Config, row: Pick<CodeRow, 'id' | 'team_id' | 'code_key_id' | 'code_iv' | 'code_ct'>): string | null {
  if (row.code_key_id === null || row.code_iv === null || row.code_ct === null) return null;
  return openSecret(ringOf(config), { keyId: row.code_key_id, iv: row.code_iv, ciphertext: row.code_ct }, aadOf(row));
}
