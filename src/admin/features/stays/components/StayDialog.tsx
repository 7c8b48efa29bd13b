import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Channel } from '@shared/channels.ts';
import { messages } from '@shared/messages.ts';
import { MAX_GUEST_NAME, type Stay } from '@shared/schemas/stay.ts';
import { ApiError } from '@shared/api-client.ts';
import type { StayTimes } from '@shared/time-zone.ts';
import { describedBy } from '../../../../components/ui/FieldMessages.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { GUEST_EMAIL_INPUT } from '../../../components/ui/guest-email.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { useSaveStay, type SaveStay } from '../api/save-stay.ts';
import { suggestedDates } from '../model/stay-format.ts';
import { fieldOfMessage, hasOverlaps, validateHostFields, validateStay, valuesOf, type StayErrors, type StayField, type StayValues } from '../model/stay-form.ts';
import { PmsStayFacts } from './PmsStayFacts.tsx';
import { EraseGuestDetails } from './EraseGuestDetails.tsx';
import { useCan } from '../../../lib/team-role.ts';
import { ChannelSelect, LanguageSelect, NoteField } from './StayFields.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guidebookId: string;
  /** The guidebook's zone as the server reads it (UTC when never chosen). */
  zone: string;
  /** The guidebook's usual check-in and check-out times: a new stay starts from them. */
  times: StayTimes;
  /** The stay to edit; null adds one. */
  stay: Stay | null;
}

/**
 * Add or edit a stay (one booking): the guest, their e-mail, check-in and check-out where the
 * property is, a language, the channel it was booked on and, on an existing stay, the host's note.
 * A booking system's stay shows its guest, dates and channel read-only, with where to change them
 * (docs/product/stays.md): only its language and note are the host's here. Problems show under their field,
 * checked here with the API's schema first and by the server again; what is about the whole stay
 * shows above the buttons.
 * The parent mounts it afresh (`key`) for every opening, so it starts from the stay or a guess.
 */
export function StayDialog({ open, onOpenChange, guidebookId, zone, times, stay }: Props) {
  const ids = useId();
  const id = (field: StayField) => `${ids}-${field}`;
  const [values, setValues] = useState<StayValues>(() => (stay ? valuesOf(stay) : { guestName: '', guestEmail: '', language: '', hostNote: '', ...suggestedDates(zone, times) }));
  const [channel, setChannel] = useState<Channel>(stay?.channel ?? 'direct');
  const [errors, setErrors] = useState<StayErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The server found other stays on these dates (docs/product/stays.md): said here, and the next
  // submit is the host's "Add anyway". Changing a date asks again.
  const [overlap, setOverlap] = useState<string | null>(null);
  const overlapRef = useRef<HTMLDivElement>(null);
  // The notice takes the focus once drawn (read out, and scrolled into view on a phone); the
  // button under it now says "anyway".
  useEffect(() => {
    if (overlap) overlapRef.current?.focus();
  }, [overlap]);
  const save = useSaveStay(guidebookId);
  // A calendar stay's dates belong to the calendar (the server answers 409 to a change).
  const fromCalendar = stay?.source === 'calendar';
  // A booking system's stay: its dates, channel, name and e-mail are the system's (409 here).
  const pms = stay?.pms ?? null;
  const mayErase = useCan()('guestData.manage');

  function set(field: StayField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'checkIn' || field === 'checkOut') setOverlap(null);
  }

  function showErrors(next: StayErrors) {
    setErrors(next);
    const first = (['guestName', 'guestEmail', 'checkIn', 'checkOut', 'language', 'hostNote'] as const).find((field) => next[field]);
    if (first) document.getElementById(id(first))?.focus();
  }

  function submit() {
    setFormError(null);
    if (stay && pms) {
      const checked = validateHostFields(values);
      if (checked.ok) send({ stayId: stay._id, input: checked.input });
      else showErrors(checked.errors);
      return;
    }
    const checked = validateStay(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    // The channel goes only when the host changed it: sent, it is the host's choice, which a calendar's sync keeps.
    const booked = channel !== (stay?.channel ?? 'direct') ? { channel } : {};
    const { hostNote, ...fields } = checked.input;
    const input = { ...fields, ...booked, ...(overlap ? { allowOverlap: true } : {}) };
    if (stay === null) {
      send({ stayId: null, input });
      return;
    }
    const guest = { guestName: input.guestName, guestEmail: input.guestEmail, language: input.language, ...booked };
    send({ stayId: stay._id, input: { ...(fromCalendar ? guest : input), hostNote } });
  }

  function send(request: SaveStay) {
    save.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message || (stay ? messages.stays.updated : messages.stays.created));
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && hasOverlaps(error.body)) {
          setOverlap(error.message);
          return;
        }
        const message = error instanceof ApiError && error.status < 500 ? error.message : messages.stays.saveFailed;
        const field = fieldOfMessage(message);
        if (field && !(fromCalendar && (field === 'checkIn' || field === 'checkOut'))) showErrors({ [field]: message });
        else setFormError(message);
      },
    });
  }

  // Each date field is described by its error (when there is one) and the hint under both.
  const datesHintId = `${ids}-dates-hint`;
  const dateDescription = (field: 'checkIn' | 'checkOut') => [describedBy(id(field), { error: errors[field] }), datesHintId].filter(Boolean).join(' ');
  const dateHint = fromCalendar ? messages.stays.fromCalendar : `In ${zone} time, where the property is.`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={stay ? 'Edit stay' : 'Add stay'}
      description="The guest gets a link of their own: the guidebook, with their name and dates."
      submitLabel={overlap ? (stay ? 'Save anyway' : 'Add anyway') : stay ? 'Save stay' : 'Add stay'}
      busy={save.isPending}
      error={formError}
      onSubmit={submit}
    >
      {stay && pms ? (
        <PmsStayFacts stay={stay} label={pms.label} />
      ) : (
        <>
          <TextField
            id={id('guestName')}
            label="Guest name (optional)"
            autoComplete="off"
            maxLength={MAX_GUEST_NAME}
            value={values.guestName}
            onChange={(event) => set('guestName', event.target.value)}
            error={errors.guestName}
          />
          <TextField
            id={id('guestEmail')}
            label="Guest’s email address (optional)"
            {...GUEST_EMAIL_INPUT}
            value={values.guestEmail}
            onChange={(event) => set('guestEmail', event.target.value)}
            error={errors.guestEmail}
            hint="To send the link from here. The mail holds the link and the dates, never the door code."
          />
          {/* One under the other: a date and time needs the dialog's whole width to show in full. */}
          <fieldset className="grid min-w-0 gap-4" disabled={fromCalendar}>
            <legend className="sr-only">Dates</legend>
            <TextField
              id={id('checkIn')}
              label="Check-in"
              type="datetime-local"
              value={values.checkIn}
              onChange={(event) => set('checkIn', event.target.value)}
              error={errors.checkIn}
              aria-describedby={dateDescription('checkIn')}
            />
            <TextField
              id={id('checkOut')}
              label="Check-out"
              type="datetime-local"
              min={values.checkIn || undefined}
              value={values.checkOut}
              onChange={(event) => set('checkOut', event.target.value)}
              error={errors.checkOut}
              aria-describedby={dateDescription('checkOut')}
            />
            <p id={datesHintId} className="-mt-2 text-sm text-muted">
              {dateHint}
            </p>
          </fieldset>
        </>
      )}
      <LanguageSelect id={id('language')} value={values.language} onChange={(value) => set('language', value)} error={errors.language} />
      {pms ? null : <ChannelSelect id={`${ids}-channel`} value={channel} onChange={setChannel} />}
      {stay ? <NoteField id={id('hostNote')} value={values.hostNote} onChange={(value) => set('hostNote', value)} error={errors.hostNote} /> : null}
      {stay && mayErase && (stay.guestName || stay.guestEmail || stay.guestPhone) ? <EraseGuestDetails stay={stay} onErased={() => onOpenChange(false)} /> : null}
      {overlap ? (
        <div ref={overlapRef} tabIndex={-1} role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 outline-none dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{overlap}</p>
        </div>
      ) : null}
    </FormDialog>
  );
}
