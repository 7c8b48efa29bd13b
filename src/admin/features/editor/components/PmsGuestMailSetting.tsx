import { MailCheck } from 'lucide-react';
import { Switch } from 'radix-ui';
import { MAX_LINK_DAYS, MIN_LINK_DAYS, type PmsGuestMail } from '@shared/schemas/instruction.ts';
import { fieldId } from '../model/editor-form.ts';

const LINK_ID = fieldId('pmsGuestMail', 'link');
const DAYS_ID = fieldId('pmsGuestMail', 'daysBefore');
const REMINDER_ID = fieldId('pmsGuestMail', 'reminder');
const DAY_CHOICES = Array.from({ length: MAX_LINK_DAYS - MIN_LINK_DAYS + 1 }, (_, index) => MIN_LINK_DAYS + index);
const SWITCH_CLASS =
  'relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors disabled:cursor-not-allowed data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700';
const THUMB_CLASS = 'block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6';

/**
 * The mails to guests of a booking system's stays (docs/decisions/029-pms-connectors.md §9), in the
 * Stays view of a guidebook mapped to that system: part of the guidebook, saved with it, on by default.
 */
export function PmsGuestMailSetting({ label, value, saved, readOnly, onChange }: { label: string; value: PmsGuestMail; saved: PmsGuestMail; readOnly: boolean; onChange: (value: PmsGuestMail) => void }) {
  const unsaved = value.link !== saved.link || value.daysBefore !== saved.daysBefore || value.reminder !== saved.reminder;
  const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);
  return (
    <section aria-labelledby={`${LINK_ID}-heading`} className="card grid gap-3 p-4 sm:p-5">
      <h3 id={`${LINK_ID}-heading`} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <MailCheck className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        Guests from {label}
      </h3>
      <div className="flex items-start gap-3">
        <Switch.Root id={LINK_ID} checked={value.link} disabled={readOnly} onCheckedChange={(link) => onChange({ ...value, link })} aria-describedby={`${LINK_ID}-hint`} className={SWITCH_CLASS}>
          <Switch.Thumb className={THUMB_CLASS} />
        </Switch.Root>
        <div className="min-w-0">
          <label htmlFor={LINK_ID} className="cursor-pointer text-sm font-medium text-ink">
            Mail them their stay link {days(value.daysBefore)} before arrival
          </label>
          <p id={`${LINK_ID}-hint`} className="mt-0.5 text-sm text-muted">
            Once, to the address {label} has, in the guest’s language when the guidebook has it. The mail holds the link and the dates, never the door code or the Wi-Fi password.
          </p>
        </div>
      </div>
      {value.link ? (
        <div className="grid gap-1 pl-15 max-sm:pl-0">
          <label htmlFor={DAYS_ID} className="field-label">
            Send the link
          </label>
          <select id={DAYS_ID} className="field-input max-w-xs appearance-auto" value={value.daysBefore} disabled={readOnly} onChange={(event) => onChange({ ...value, daysBefore: Number(event.target.value) })}>
            {DAY_CHOICES.map((count) => (
              <option key={count} value={count}>
                {days(count)} before check-in
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex items-start gap-3">
        <Switch.Root id={REMINDER_ID} checked={value.reminder} disabled={readOnly} onCheckedChange={(reminder) => onChange({ ...value, reminder })} aria-describedby={`${REMINDER_ID}-hint`} className={SWITCH_CLASS}>
          <Switch.Thumb className={THUMB_CLASS} />
        </Switch.Root>
        <div className="min-w-0">
          <label htmlFor={REMINDER_ID} className="cursor-pointer text-sm font-medium text-ink">
            Remind those who have not opened it
          </label>
          <p id={`${REMINDER_ID}-hint`} className="mt-0.5 text-sm text-muted">
            At the time the reminder below says (24 hours before check-in unless you change it), and never within 12 hours of the link’s mail.
          </p>
        </div>
      </div>
      {unsaved ? <p className="pl-15 text-sm font-medium text-amber-800 max-sm:pl-0 dark:text-amber-200">Not saved yet: save the guidebook to apply it.</p> : null}
    </section>
  );
}
