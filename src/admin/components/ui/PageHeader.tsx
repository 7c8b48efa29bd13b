import type { ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
}

/** Every dashboard screen opens with one h1 and a line saying what the screen is for. */
export function PageHeader({ title, description, actions }: Props) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
      <div className="min-w-0">
        <h1 className="font-display text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
