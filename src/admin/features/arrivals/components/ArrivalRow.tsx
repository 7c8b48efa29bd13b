import { Eye, EyeOff, KeyRound, LoaderCircle, RotateCw, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { CHANNEL_NAMES } from '@shared/channels.ts';
import type { ArrivalCodeState, ArrivalView } from '@shared/schemas/arrivals.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { CodeSwitch } from '../../../components/locks/CodeSwitch.tsx';
import { useCan } from '../../../lib/team-role.ts';
import { useRetryCode, useShowCode } from '../api/arrivals.ts';
import { TypeCodeDialog } from './TypeCodeDialog.tsx';

/** The state as the host reads it (docs/decisions/030-smart-locks.md §13), and its tone. */
export const STATE_WORDS: Record<ArrivalCodeState, string> = {
  set: 'Set',
  setting: 'Setting',
  retrying: 'Failed, retrying',
  backup: 'Failed, backup in use',
  failed: 'Failed, no code',
  offline: 'Lock offline',
  manual: 'Code set by you',
  off: 'No door code for this stay',
  none: 'No lock',
};

const TONE: Record<ArrivalCodeState, string> = {
  set: 'bg-brand-50 text-brand-900 dark:text-brand-200',
  manual: 'bg-brand-50 text-brand-900 dark:text-brand-200',
  setting: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  off: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  none: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  retrying: 'bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100',
  offline: 'bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100',
  backup: 'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-100',
};

/** A button whose request is under way: marked busy (a second click does nothing), a spinner for its icon. */
function BusyButton({ busy, icon: Icon, onClick, children }: { busy: boolean; icon: LucideIcon; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={busy || undefined} onClick={() => !busy && onClick()}>
      {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Icon className="size-4" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** "Show code": the digits from the server on request, shown until hidden; never in the list. */
function ShowCode({ arrival, guest }: { arrival: ArrivalView; guest: string }) {
  const show = useShowCode(arrival);
  const [digits, setDigits] = useState<string | null>(null);
  if (digits !== null) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <output aria-label={`Door code for ${guest}`} className="rounded-lg border border-line bg-canvas px-3 py-1.5 font-mono text-lg font-bold tracking-widest text-ink">
          {digits}
        </output>
        <button type="button" className="btn-secondary" onClick={() => setDigits(null)}>
          <EyeOff className="size-4" aria-hidden="true" />
          Hide code
        </button>
      </span>
    );
  }
  const onError = (failure: unknown) => toast.error(errorMessage(failure, 'The code could not be shown. Please try again.'));
  return (
    <BusyButton busy={show.isPending} icon={Eye} onClick={() => show.mutate(undefined, { onSuccess: ({ code }) => (code ? setDigits(code) : toast.info('The lock has not confirmed this code yet.')), onError })}>
      Show code
    </BusyButton>
  );
}

function TryAgain({ arrival }: { arrival: ArrivalView }) {
  const retry = useRetryCode(arrival);
  const onError = (failure: unknown) => toast.error(errorMessage(failure, 'The code could not be tried again. Please try again.'));
  return (
    <BusyButton busy={retry.isPending} icon={RotateCw} onClick={() => retry.mutate(undefined, { onSuccess: ({ message }) => toast.success(message), onError })}>
      Try again
    </BusyButton>
  );
}

/**
 * One arrival (docs/product/locks.md, Arrivals): the guest, the guidebook, the times (an early
 * check-in marked), the channel, the lock, the code's state, when it was last looked at, and the
 * actions the member's role has.
 */
export function ArrivalRow({ arrival }: { arrival: ArrivalView }) {
  const id = useId();
  const can = useCan();
  const [typing, setTyping] = useState(false);
  const failing = arrival.state === 'failed' || arrival.state === 'retrying' || arrival.state === 'backup';
  const guest = arrival.guestName || `${CHANNEL_NAMES[arrival.channel]} guest`;
  return (
    <li className="grid gap-2 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span id={`${id}-guest`} className="font-semibold text-ink [overflow-wrap:anywhere]">
          {guest}
        </span>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[arrival.state]}`} data-state={arrival.state}>
          {STATE_WORDS[arrival.state]}
        </span>
      </p>
      <p className="text-sm text-ink [overflow-wrap:anywhere]">
        {arrival.guidebookName || 'Untitled guidebook'} · {CHANNEL_NAMES[arrival.channel]}
        {arrival.lock ? ` · ${arrival.lock}` : ''}
      </p>
      <p className="text-sm text-muted">
        {formatStayTime(arrival.checkIn, arrival.timeZone)}
        {arrival.earlyCheckIn ? ' (early check-in)' : ''} → {formatStayTime(arrival.checkOut, arrival.timeZone)}
        {arrival.lateCheckOut ? ' (late check-out)' : ''}
      </p>
      {arrival.viewed ? (
        <p className="text-sm text-muted">
          Code viewed {formatStayTime(arrival.viewed.at, arrival.timeZone)}
          {arrival.viewed.by ? ` by ${arrival.viewed.by}` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {can('lockCodes.read') && arrival.hasCode ? <ShowCode arrival={arrival} guest={guest} /> : null}
        {can('lockCodes.retry') && arrival.generation !== null && (failing || arrival.state === 'offline') && arrival.state !== 'backup' ? <TryAgain arrival={arrival} /> : null}
        {can('lockCodes.retry') && arrival.state !== 'none' ? <CodeSwitch guidebookId={arrival.guidebookId} stayId={arrival.stayId} off={arrival.state === 'off'} /> : null}
        {can('lockCodes.set') && failing ? (
          <button type="button" className="btn-secondary" onClick={() => setTyping(true)}>
            <KeyRound className="size-4" aria-hidden="true" />
            Type a code
          </button>
        ) : null}
      </div>
      {typing ? <TypeCodeDialog arrival={arrival} guest={guest} onClose={() => setTyping(false)} /> : null}
    </li>
  );
}
