import { KeyRound, MapPin } from 'lucide-react';
import { useId } from 'react';
import type { InstructionSummary } from '../api/get-instructions.ts';
import { EditAction } from './EditAction.tsx';
import { MoreButton } from './MoreButton.tsx';
import { PremiumBadge } from '../../../components/ui/PremiumBadge.tsx';
import { InstructionImage } from './InstructionImage.tsx';
import { useCan } from '../../../lib/team-role.ts';

interface Props {
  instruction: InstructionSummary;
  locked: boolean;
  /** Shows the "Free" badge (access.ts `showsFreeBadge`: only while the host has no paid plan). */
  free: boolean;
  /** The options panel is open for this guidebook. */
  selected: boolean;
  onMore: (id: string) => void;
}

/** docs/product.md §2 card: picture, name, address, code, "Free" badge, Edit and More. */
export function InstructionCard({ instruction, locked, free, selected, onMore }: Props) {
  const titleId = useId();
  const name = instruction.nameInstruction || 'Untitled guidebook';
  // A Cleaner not allowed secrets gets no code from the server: say so rather than "No code".
  const code = useCan()('secrets.read') ? instruction.code || 'No code' : 'Hidden';
  return (
    <article aria-labelledby={titleId} className={`card flex h-full flex-col overflow-hidden ${selected ? 'ring-2 ring-brand-500' : ''}`}>
      <div className="relative">
        <InstructionImage instruction={instruction} className="aspect-[16/9] w-full" />
        {free ? (
          <span className="absolute left-3 top-3 rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white shadow">Free</span>
        ) : locked ? (
          // docs/product.md §5: the guidebook's Edit (and its panel's options) need a plan; Edit says why.
          <PremiumBadge size="md" className="absolute left-3 top-3 shadow" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={titleId} className="line-clamp-2 break-words font-display text-lg font-bold leading-snug text-ink">
          {name}
        </h3>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-start gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
              <span className="sr-only">Address</span>
            </dt>
            <dd className={`line-clamp-2 break-words ${instruction.address ? 'text-ink' : 'text-muted'}`}>{instruction.address || 'No address yet'}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <KeyRound className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
              <span className="sr-only">Code</span>
            </dt>
            <dd className={instruction.code ? 'break-all font-mono text-ink' : 'text-muted'}>{code}</dd>
          </div>
        </dl>
        <div className="mt-auto flex gap-2 pt-2">
          <EditAction
            id={instruction._id}
            name={name}
            locked={locked}
            className="btn-primary flex-1 px-4 py-2"
            lockedClassName="btn-secondary flex-1 px-4 py-2 text-muted"
            badge="none"
          />
          <MoreButton name={name} expanded={selected} onClick={() => onMore(instruction._id)} className="btn-secondary shrink-0 px-3.5 py-2" />
        </div>
      </div>
    </article>
  );
}
