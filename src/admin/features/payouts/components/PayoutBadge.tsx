import { CircleCheck, CirclePause } from 'lucide-react';

const TONES = {
  on: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-400/30', Icon: CircleCheck },
  off: { className: 'bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-400/30', Icon: CirclePause },
};

/** One capability of the host's account in words ("Card payments: On"); the icon repeats it, so colour is never the only sign. */
export function PayoutBadge({ label, on, offWord = 'Paused' }: { label: string; on: boolean; offWord?: string }) {
  const { className, Icon } = TONES[on ? 'on' : 'off'];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${className}`}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {label}: {on ? 'On' : offWord}
      </span>
    </span>
  );
}
