import { BellRing } from 'lucide-react';
import { Switch } from 'radix-ui';
import type { ArrivalReminder } from '@shared/schemas/instruction.ts';
import { fieldId } from '../model/editor-form.ts';

const SWITCH_ID = fieldId('arrivalReminder', 'enabled');
const HOURS_ID = fieldId('arrivalReminder', 'hoursBefore');
/** The choices the editor offers; the API takes any whole number of hours from 2 to 168. */
const HOUR_CHOICES = [12, 24, 48] as const;

/**
 * The reminder before arrival (docs/product/insights.md), in the Stays tab beside the stays it is
 * about: part of the guidebook, so it is saved with it, and off until the host turns it on.
 */
export function ArrivalReminderSetting({ value, onChange, readOnly, saved }: { value: ArrivalReminder; onChange: (value: ArrivalReminder) => void; readOnly: boolean; saved: ArrivalReminder }) {
  const choices = HOUR_CHOICES.includes(value.hoursBefore as (typeof HOUR_CHOICES)[number]) ? HOUR_CHOICES : [...HOUR_CHOICES, value.hoursBefore].sort((a, b) => a - b);
  const unsaved = value.enabled !== saved.enabled || value.hoursBefore !== saved.hoursBefore;
  return (
    <section aria-labelledby={`${SWITCH_ID}-label`} className="card grid gap-3 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <Switch.Root
          id={SWITCH_ID}
          checked={value.enabled}
          disabled={readOnly}
          onCheckedChange={(enabled) => onChange({ ...value, enabled })}
          aria-describedby={`${SWITCH_ID}-hint`}
          className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors disabled:cursor-not-allowed data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
        </Switch.Root>
        <div className="min-w-0">
          <label id={`${SWITCH_ID}-label`} htmlFor={SWITCH_ID} className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-ink">
            <BellRing className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            Remind guests who have not opened their link
          </label>
          <p id={`${SWITCH_ID}-hint`} className="mt-0.5 text-sm text-muted">
            A guest with an e-mail address who has not opened their stay link gets it again by e-mail, once, before check-in. The mail holds the link and the check-in time, never the door code or the Wi-Fi password.
          </p>
        </div>
      </div>
      {value.enabled ? (
        <div className="grid gap-1 pl-15 max-sm:pl-0">
          <label htmlFor={HOURS_ID} className="field-label">
            Send it
          </label>
          <select
            id={HOURS_ID}
            className="field-input max-w-xs appearance-auto"
            value={value.hoursBefore}
            disabled={readOnly}
            onChange={(event) => onChange({ ...value, hoursBefore: Number(event.target.value) })}
          >
            {choices.map((hours) => (
              <option key={hours} value={hours}>
                {hours} hours before check-in
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {unsaved ? <p className="pl-15 text-sm font-medium text-amber-800 max-sm:pl-0 dark:text-amber-200">Not saved yet: save the guidebook to apply it.</p> : null}
    </section>
  );
}
