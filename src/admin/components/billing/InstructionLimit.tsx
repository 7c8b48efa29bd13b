import { Infinity as InfinityIcon } from 'lucide-react';
import { formatInstructionLimit, showsInfinityIcon } from '@shared/plans.ts';

/** docs/product.md §9: the guidebook limit reads "3" or "Unlimited", and above 501 it is the infinity icon. */
export function InstructionLimit({ limit }: { limit: number }) {
  if (showsInfinityIcon(limit)) {
    return (
      <span role="img" aria-label="Unlimited" title="Unlimited" className="inline-flex align-middle">
        <InfinityIcon className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return <>{formatInstructionLimit(limit)}</>;
}
