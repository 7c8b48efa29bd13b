import { guestLink } from '../../../lib/guest-link.ts';
import type { InstructionSummary } from '../api/get-instructions.ts';
import { InstructionImage } from './InstructionImage.tsx';

interface Props {
  instruction: InstructionSummary;
  name: string;
  free: boolean;
  /** The member may see the door code and the guest link (docs/product.md §6 Team roles). */
  seesSecrets: boolean;
}

/** The top of the options panel: the guidebook's picture, name, address and code, and its guest link. */
export function PanelSummary({ instruction, name, free, seesSecrets }: Props) {
  return (
    <>
      <div className="mx-2 mb-4 flex items-center gap-3">
        <InstructionImage instruction={instruction} className="size-14 shrink-0 rounded-xl" />
        <div className="min-w-0 text-sm">
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-muted">{instruction.address || 'No address yet'}</p>
          <p className="truncate text-muted" data-testid="panel-code">
            {!seesSecrets ? (
              'Code hidden'
            ) : instruction.code ? (
              <>
                Code: <span className="font-mono text-ink">{instruction.code}</span>
              </>
            ) : (
              'No code'
            )}
          </p>
          {free ? <p className="font-semibold text-emerald-700 dark:text-emerald-400">Free guidebook</p> : null}
        </div>
      </div>

      {seesSecrets ? (
        <div className="mx-2 mb-4 rounded-xl border border-line bg-canvas p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">Guest link</p>
          <p className="mt-1 break-all font-mono text-xs text-ink" data-testid="guest-link">
            {guestLink(instruction.token)}
          </p>
        </div>
      ) : null}
    </>
  );
}
