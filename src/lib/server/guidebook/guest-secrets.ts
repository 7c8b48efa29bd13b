import type { InstructionContent } from '@shared/schemas/instruction.ts';

/** Which gated secrets a guidebook has (it has a door code, its network has a password). */
export interface GatedSecrets {
  code: boolean;
  wifiPassword: boolean;
}

function hasWifiPassword(content: InstructionContent): boolean {
  return content.wifiPassword !== '' && content.wifiSecurity !== 'nopass';
}

/**
 * The secrets a guest page must not carry (docs/decisions/013): none under `always`; under `stay`
 * and `pin` the door code and the Wi-Fi password, when the guidebook has them. Null: nothing gated.
 */
export function gatedSecretsOf(content: InstructionContent): GatedSecrets | null {
  if (content.secretsPolicy === 'always') return null;
  const gated = { code: content.code !== '', wifiPassword: hasWifiPassword(content) };
  return gated.code || gated.wifiPassword ? gated : null;
}

/**
 * The content as anything public may see it: the guest page and its snapshot, the public preview
 * API, the poster, link previews, the offline copy. The PIN never; the door code and the Wi-Fi
 * password not when gated (they come from GET /api/guest/:token/secrets when allowed).
 */
export function publicContent(content: InstructionContent): InstructionContent {
  const gated = content.secretsPolicy !== 'always';
  return { ...content, secretsPin: '', ...(gated ? { code: '', wifiPassword: '' } : {}) };
}
