import { CalendarDays, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import type { SecretsPolicy } from '@shared/schemas/instruction.ts';

const action =
  'inline-flex items-center gap-1.5 justify-self-start font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200';

interface Props {
  /** The guidebook's saved secrets policy (docs/decisions/013-stays-and-secrets.md). */
  policy: SecretsPolicy;
  guidebookId: string;
  /** Called when the host follows the link to the stays (the dialog closes). */
  onLeave: () => void;
  /** Shows the stays where the dialog was opened (the editor's Stays tab); else a link to the Stays screen. */
  openStays?: (() => void) | undefined;
}

/**
 * Above the guidebook's share dialog when its door code and Wi-Fi password are gated: the public
 * link, its QR code and its mail carry neither, so the host learns before sending it what a guest
 * will miss, and where the links that do carry them are (each stay's own, in the Stays view).
 */
export function GatedShareNote({ policy, guidebookId, onLeave, openStays }: Props) {
  if (policy === 'always') return null;
  const text =
    policy === 'stay'
      ? 'The door code and Wi-Fi password show only on stay links, during the stay. Share a stay link instead.'
      : 'Guests need the PIN to see the door code and Wi-Fi password: send it with the link. A stay link needs no PIN: it shows them during the stay.';
  const label = (
    <>
      <CalendarDays className="size-4" aria-hidden="true" />
      {policy === 'stay' ? 'Share a stay link' : 'Stay links'}
    </>
  );
  return (
    // A block of the dialog's own, ruled off from the sections below like each of them.
    <div className="px-5 py-4 sm:px-6">
      <div role="note" aria-label="Door code and Wi-Fi password" className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink dark:border-brand-800">
        <KeyRound className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <div className="grid gap-2">
          <p>{text}</p>
          {openStays ? (
            <button
              type="button"
              className={action}
              onClick={() => {
                onLeave();
                openStays();
              }}
            >
              {label}
            </button>
          ) : (
            <Link to={`/dashboard/stays/${encodeURIComponent(guidebookId)}`} onClick={onLeave} className={action}>
              {label}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
