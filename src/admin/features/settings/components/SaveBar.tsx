import { Save, Undo2 } from 'lucide-react';
import type { ApplyFlags, ApplyGroup } from '@shared/schemas/settings.ts';

const GROUP_NAMES: Record<ApplyGroup, string> = {
  contact: 'contact info',
  greeting: 'welcome message',
  redirection: 'redirection links',
  socials: 'socials',
  houseRules: 'house rules',
  checkout: 'check-in and check-out times and steps',
  places: 'recommendations',
  extras: 'extras',
  channels: 'guests by channel',
};

interface Props {
  apply: ApplyFlags;
  busy: boolean;
  /** The last "Apply to existing", while it can be undone from here. */
  applied?: { updated: number; undoing: boolean; onUndo: () => void } | null;
}

/** Stays in view at the bottom while the host scrolls; says what a save will also change, and offers to undo the last apply. */
export function SaveBar({ apply, busy, applied = null }: Props) {
  const chosen = (Object.keys(GROUP_NAMES) as ApplyGroup[]).filter((group) => apply[group]).map((group) => GROUP_NAMES[group]);
  return (
    <div className="sticky bottom-3 z-10 grid gap-3 rounded-2xl border border-line bg-surface/95 p-3 shadow-lg backdrop-blur-md sm:p-4">
      {applied ? (
        <div role="status" className="flex flex-col gap-2 border-b border-line pb-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            Applied to {applied.updated} existing {applied.updated === 1 ? 'guidebook' : 'guidebooks'}. Each keeps its earlier version in its History.
          </p>
          <button type="button" className="btn-secondary shrink-0 px-3 py-1.5" disabled={applied.undoing} onClick={applied.onUndo}>
            <Undo2 className="size-4" aria-hidden="true" />
            {applied.undoing ? 'Undoing…' : 'Undo'}
          </button>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        {/* On a phone the bar keeps to the button unless a save would touch existing guidebooks. */}
        <p className={`min-w-0 text-xs text-muted sm:text-sm ${chosen.length ? '' : 'max-sm:sr-only'}`} aria-live="polite">
          {chosen.length ? `Saving also updates the ${chosen.join(', ')} of existing guidebooks; you will see what changes first.` : 'New guidebooks start from these settings.'}
        </p>
        <button type="submit" className="btn-primary w-full shrink-0 sm:ml-auto sm:w-auto" disabled={busy}>
          <Save className="size-4" aria-hidden="true" />
          {busy ? 'Saving…' : 'Save defaults'}
        </button>
      </div>
    </div>
  );
}
