import { CircleCheck, CircleX, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  success: { Icon: CircleCheck, className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300' },
  error: { Icon: CircleX, className: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300' },
  info: { Icon: Info, className: 'bg-brand-50 text-brand-700 dark:text-brand-300' },
};

interface Props {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  /** Links or buttons under the text. */
  actions?: ReactNode;
  /** h1 when the panel is the whole screen (the return page), h2 under a page title. */
  level?: 'h1' | 'h2';
}

/**
 * One outcome of a billing step: paid, unpaid, refused, not configured (docs/product.md §8). The title is a
 * heading and the text says what happened, so the icon's colour is never the only signal.
 */
export function OutcomePanel({ tone, title, children, actions, level = 'h2' }: Props) {
  const { Icon, className } = TONES[tone];
  const Heading = level;
  return (
    <section className="card mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-10 text-center sm:px-10">
      <span className={`inline-flex size-14 items-center justify-center rounded-full ${className}`}>
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="font-display text-2xl font-bold text-ink">{title}</Heading>
      <div className="max-w-prose text-muted">{children}</div>
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </section>
  );
}
