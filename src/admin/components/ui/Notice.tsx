import { Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  info: { Icon: Info, className: 'border-line bg-brand-50 text-ink' },
  warning: {
    Icon: TriangleAlert,
    className: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100',
  },
};

/** A sentence a screen needs to say before anything else (why buttons are off, a failed payment, why online payments are off). */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  const { Icon, className } = TONES[tone];
  return (
    <div className={`flex gap-3 rounded-2xl border p-4 text-sm ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
