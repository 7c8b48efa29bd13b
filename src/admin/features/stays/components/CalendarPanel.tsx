import { AlertTriangle, CalendarSync, CheckCircle2, Clock, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { CHANNEL_NAMES, feedChannel } from '@shared/channels.ts';
import { messages } from '@shared/messages.ts';
import { calendarSchema, type CalendarStatus } from '@shared/schemas/stay.ts';
import { ApiError } from '@shared/api-client.ts';
import { describedBy } from '../../../../components/ui/FieldMessages.tsx';
import { useCalendar } from '../api/calendar.ts';
import { momentText } from '../model/stay-format.ts';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';

interface Props {
  guidebookId: string;
  calendar: CalendarStatus | null;
  /** The guidebook's zone, for the sync times. */
  zone: string;
  /** The panel's heading level beside the stay groups'. */
  level: 2 | 3;
}

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

/**
 * Calendar import, the host's side: the booking calendar's iCal link, saved (https only, checked
 * with the API's schema), synced now on demand, with the last good sync and the last error. The
 * outcome of each action is announced in the panel's live region.
 */
export function CalendarPanel({ guidebookId, calendar, zone, level }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const ids = useId();
  const fieldId = `${ids}-url`;
  const saved = calendar?.url ?? '';
  const [url, setUrl] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const { save, sync } = useCalendar(guidebookId);
  const busy = save.isPending || sync.isPending;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setStatus('');
    const parsed = calendarSchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.stays.calendarUrlInvalid);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(null);
    save.mutate(parsed.data.url, {
      onSuccess: ({ message, calendar: next }) => {
        setUrl(next?.url ?? parsed.data.url);
        setStatus(message || (parsed.data.url ? messages.stays.calendarSaved : messages.stays.calendarRemoved));
      },
      onError: (problem) => {
        setError(failure(problem, messages.stays.calendarFailed));
        document.getElementById(fieldId)?.focus();
      },
    });
  }

  function syncNow() {
    setStatus('');
    sync.mutate(undefined, {
      onSuccess: ({ message }) => setStatus(message || messages.stays.calendarSynced),
      onError: (problem) => setStatus(failure(problem, messages.stays.syncFailed)),
    });
  }

  const syncId = `${ids}-sync`;
  return (
    <section aria-labelledby={`${ids}-title`} className="card p-4 sm:p-5">
      <div className="mb-3 flex items-start gap-3">
        <IconBadge icon={CalendarSync} className="mt-0.5 size-9 shrink-0 rounded-xl" iconClassName="size-[18px]" />
        <div className="min-w-0">
          <Heading id={`${ids}-title`} className="font-display text-base font-bold text-ink">
            Booking calendar
          </Heading>
          <p className="mt-0.5 text-sm text-muted">Bookings become stays on their own: new ones are added, moved ones follow, cancelled ones go.</p>
        </div>
      </div>

      <form noValidate onSubmit={submit} aria-busy={save.isPending}>
        <label htmlFor={fieldId} className="field-label">
          Calendar link (iCal)
        </label>
        <div className="flex flex-col gap-2 sm:flex-row xl:flex-col 2xl:flex-row">
          <input
            id={fieldId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…/calendar.ics"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, { hint: true, error: error ?? undefined })}
            className="field-input min-w-0 flex-1 py-2"
          />
          <button type="submit" className="btn-primary shrink-0 px-4" disabled={busy}>
            {save.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? 'Saving…' : url.trim() === '' && saved ? 'Remove' : 'Save'}
          </button>
        </div>
        <p id={`${fieldId}-error`} role="alert" className={error ? 'field-error dark:text-red-400' : 'sr-only'}>
          {error ?? ''}
        </p>
        {/* The channel its stays are booked on, read from the link as the server reads it (docs/decisions/028 §10). */}
        {calendarSchema.safeParse({ url }).data?.url ? (
          <p className="mt-2 text-sm font-medium text-ink" data-testid="calendar-channel">
            {messages.channels.detected(CHANNEL_NAMES[feedChannel(url.trim())])}
          </p>
        ) : null}
        <p id={`${fieldId}-hint`} className="mt-2 text-sm text-muted">
          Copy the export link of your listing’s calendar: on Airbnb under Calendar › Availability › Connect calendars, on Booking.com under Rates &amp; Availability › Sync calendars, on Vrbo under Calendar › Import and export.
        </p>
      </form>

      {calendar ? <SyncStatus calendar={calendar} zone={zone} id={syncId} /> : null}

      {saved ? (
        <button type="button" className="btn-secondary mt-3 w-full sm:w-auto" onClick={syncNow} disabled={busy} aria-describedby={calendar ? syncId : undefined}>
          <RefreshCw className={`size-4 ${sync.isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </button>
      ) : null}

      <p role="status" className={status ? 'mt-3 text-sm font-medium text-ink' : 'sr-only'}>
        {status}
      </p>
    </section>
  );
}

/** The last good sync and, when the last attempt failed, why (the stays from before are kept). */
function SyncStatus({ calendar, zone, id }: { calendar: CalendarStatus; zone: string; id: string }) {
  return (
    <div id={id} className="mt-4 grid gap-2 text-sm">
      {calendar.lastSuccessAt ? (
        <p className="flex items-start gap-2 text-ink">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          <span>Last synced {momentText(calendar.lastSuccessAt, zone)}</span>
        </p>
      ) : (
        <p className="flex items-start gap-2 text-muted">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Not synced yet</span>
        </p>
      )}
      {calendar.lastError ? (
        <p className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950/60 dark:text-red-200">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {calendar.lastAttemptAt ? `The sync of ${momentText(calendar.lastAttemptAt, zone)} failed: ` : 'The last sync failed: '}
            {calendar.lastError} Your stays from before are kept.
          </span>
        </p>
      ) : null}
    </div>
  );
}
