import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconBadge } from '../../../../components/ui/IconBadge.tsx';

interface Props {
  /** Anchor for the sidebar's section links. */
  id: string;
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  /** Beside the title (a badge, a count). */
  aside?: ReactNode;
  children: ReactNode;
  /** Side panels are a little tighter than the main sections. */
  compact?: boolean;
}

/** One titled card of the editor; its heading names the region for assistive tech. */
export function Section({ id, title, icon: Icon, description, aside, children, compact = false }: Props) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`card min-w-0 ${compact ? 'p-4 sm:p-5' : 'p-4 sm:p-6'}`}>
      <div className="mb-4 flex items-start gap-3">
        <IconBadge icon={Icon} className="mt-0.5 size-9 shrink-0 rounded-xl" iconClassName="size-[18px]" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${id}-title`} className={`font-display font-bold text-ink ${compact ? 'text-base' : 'text-lg'}`}>
              {title}
            </h2>
            {aside}
          </div>
          {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}
