import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';

/**
 * What a stay's link does for the door code and the Wi-Fi password under the guidebook's saved
 * secrets policy, so the host knows what a guest will see before sending a link.
 */
export function PolicyNote({ policy, hours, action }: { policy: SecretsPolicy; hours: number; action?: ReactNode }) {
  const text =
    policy === 'stay'
      ? `Guests see the door code and the Wi-Fi password on their stay link from ${hours === 1 ? '1 hour' : `${hours} hours`} before check-in until check-out.`
      : policy === 'pin'
        ? 'Guests see the door code and the Wi-Fi password after typing your PIN, on any link.'
        : 'Everyone with the guidebook link sees the door code and the Wi-Fi password. To show them only during a stay, choose “Guests during their stay” under Guest access.';
  return (
    <div className="flex gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink">
      <KeyRound className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <p>
        {text}
        {action ? <> {action}</> : null}
      </p>
    </div>
  );
}
