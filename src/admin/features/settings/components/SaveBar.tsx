import { Save } from 'lucide-react';
import type { ApplyFlags, ApplyGroup } from '@shared/schemas/settings.ts';

const GROUP_NAMES: Record<ApplyGroup, string> = {
  contact: 'contact info',
  greeting: 'welcome message',
  redirection: 'redirection links',
  socials: 'socials',
  houseRules: 'house rules',
};

/** Stays in view at the bottom while the host scrolls; says what a save will also change. */
export function SaveBar({ apply, busy }: { apply: ApplyFlags; busy: boolean }) {
  const chosen = (Object.keys(GROUP_NAMES) as ApplyGroup[]).filter((group) => apply[group]).map((group) => GROUP_NAMES[group]);
  return (
    <div className="sticky bottom-3 z-10 flex flex-col gap-2 rounded-2xl border border-line bg-surface/95 p-3 shadow-lg backdrop-blur-md sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:p-4">
      {/* On a phone the bar keeps to the button unless a save would touch existing guidebooks. */}
      <p className={`min-w-0 text-xs text-muted sm:text-sm ${chosen.length ? '' : 'max-sm:sr-only'}`} aria-live="polite">
        {chosen.length
          ? `Saving also updates the ${chosen.join(', ')} of every existing guidebook.`
          : 'New guidebooks start from these settings.'}
      </p>
      <button type="submit" className="btn-primary w-full shrink-0 sm:ml-auto sm:w-auto" disabled={busy}>
        <Save className="size-4" aria-hidden="true" />
        {busy ? 'Saving…' : 'Save Instruction'}
      </button>
    </div>
  );
}
