import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { MAX_REVEAL_HOURS, NEW_PIN_DIGITS, newPinProblem, PIN_PATTERN, SECRETS_POLICIES, type SecretsPolicy } from '@shared/schemas/instruction.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { WholeNumberField } from '../../../../components/ui/WholeNumberField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { Section } from '../common/Section.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import { useCan } from '../../../../lib/team-role.ts';
import { LOCK_ROLE_NOTE } from './lock-role-note.ts';

interface Choice {
  label: string;
  /** What guests see, in one sentence. */
  explains: string;
}

const CHOICES: Record<SecretsPolicy, Choice> = {
  always: {
    label: 'Everyone with the link',
    explains: 'Anyone who opens the guidebook link sees the door code and the Wi-Fi password.',
  },
  stay: {
    label: 'Guests during their stay',
    explains: 'Guests see them on the link of their stay, from the hours you choose before check-in until check-out; the guidebook link says “Shared with your booking”.',
  },
  pin: {
    label: 'Guests with a PIN',
    explains: 'Guests type the PIN you give them on the guidebook link to see the door code and the Wi-Fi password. On the link of their stay they see them during the stay, with no PIN.',
  },
};

/**
 * Who sees the door code and the Wi-Fi password (the secrets policy), and the property's
 * time zone that stays are written in. The server keeps a gated secret out of the guest page and
 * its snapshot; this panel only chooses. Each choice says what guests see. An Editor sees the
 * choice but may not change it (docs/product.md §6 Team roles): the server refuses such a save.
 */
export function GuestAccessPanel({ form, patch }: SectionProps) {
  const locks = useCan()('guidebook.lock');
  return (
    <Section id="guest-access" title="Guest access" icon={ShieldCheck} compact description="Who sees the door code and the Wi-Fi password.">
      <div className="grid gap-5">
        <fieldset className="min-w-0" id={fieldId('secretsPolicy')} disabled={!locks} aria-describedby={locks ? undefined : `${fieldId('secretsPolicy')}-role`}>
          <legend className="field-label">Show them to</legend>
          {locks ? null : (
            <p id={`${fieldId('secretsPolicy')}-role`} className="mb-2 text-sm text-muted">
              {LOCK_ROLE_NOTE}
            </p>
          )}
          <div className="grid gap-2">
            {SECRETS_POLICIES.map((policy) => (
              <PolicyOption key={policy} policy={policy} checked={form.secretsPolicy === policy} onChoose={() => patch({ secretsPolicy: policy })}>
                {policy === 'stay' ? <HoursField form={form} patch={patch} /> : null}
                {policy === 'pin' ? <PinField form={form} patch={patch} /> : null}
              </PolicyOption>
            ))}
          </div>
        </fieldset>
        <TimeZoneField value={form.timeZone} onChange={(timeZone) => patch({ timeZone })} />
      </div>
    </Section>
  );
}

function PolicyOption({ policy, checked, onChoose, children }: { policy: SecretsPolicy; checked: boolean; onChoose: () => void; children: ReactNode }) {
  const id = fieldId('secretsPolicy', policy);
  return (
    <div className={`rounded-xl border p-3 transition-colors ${checked ? 'border-brand-500 bg-brand-50/60' : 'border-line'}`}>
      <div className="flex items-start gap-3">
        <input
          type="radio"
          id={id}
          name="secretsPolicy"
          value={policy}
          checked={checked}
          onChange={onChoose}
          aria-describedby={`${id}-explains`}
          className="mt-1 size-4 shrink-0 accent-brand-700"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="block cursor-pointer font-semibold text-ink">
            {CHOICES[policy].label}
          </label>
          <p id={`${id}-explains`} className="mt-0.5 text-sm text-muted">
            {CHOICES[policy].explains}
          </p>
        </div>
      </div>
      {/* The setting of a choice shows with the choice it belongs to; its value is kept meanwhile. */}
      {checked && children ? <div className="mt-3 pl-7">{children}</div> : null}
    </div>
  );
}

function HoursField({ form, patch }: SectionProps) {
  return (
    <WholeNumberField
      id={fieldId('revealHoursBefore')}
      label="Hours before check-in"
      min={0}
      max={MAX_REVEAL_HOURS}
      value={form.revealHoursBefore}
      onChange={(revealHoursBefore) => patch({ revealHoursBefore })}
      inputClassName="max-w-32"
      hint={`Guests see them from this many hours before check-in until check-out: 0 to ${MAX_REVEAL_HOURS} (a week).`}
    />
  );
}

function PinField({ form, patch }: SectionProps) {
  const { saved } = useEditorContext();
  const [touched, setTouched] = useState(false);
  const pin = form.secretsPin;
  const savedPin = saved?.secretsPin ?? '';
  const error = touched ? (newPinProblem(pin, savedPin) ?? (PIN_PATTERN.test(pin) ? undefined : `The PIN must be ${NEW_PIN_DIGITS} to 8 digits.`)) : undefined;
  // A PIN kept from before 6 digits were asked for still works; the host is asked to lengthen it.
  const short = savedPin !== '' && pin === savedPin && savedPin.length < NEW_PIN_DIGITS;
  return (
    <div className="grid gap-3">
      <PinGuessingNotice until={saved?.pinGuessingStoppedUntil ?? null} changed={pin !== savedPin} />
      <TextField
        id={fieldId('secretsPin')}
        label="PIN"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        spellCheck={false}
        maxLength={8}
        value={pin}
        // Digits only: whatever else is typed or pasted is dropped.
        onChange={(event) => patch({ secretsPin: event.target.value.replace(/\D/g, '') })}
        onBlur={() => setTouched(true)}
        error={error}
        inputClassName="max-w-40 font-mono tracking-widest"
        hint={
          short
            ? `This PIN has ${savedPin.length} digits and still works, but a longer one is much harder to guess: choose ${NEW_PIN_DIGITS} to 8 digits.`
            : `${NEW_PIN_DIGITS} to 8 digits. Send it to guests with their booking.`
        }
      />
    </div>
  );
}

/**
 * Wrong PINs on the public link reached the day's cap (the server stopped checking them): the
 * host is told here, as by mail, with the way out: a new PIN.
 */
function PinGuessingNotice({ until, changed }: { until: string | null; changed: boolean }) {
  if (!until) return null;
  const when = new Date(until).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Someone is guessing this PIN.</span>{' '}
        {changed
          ? 'Save to use the new PIN: checking starts again at once.'
          : `Too many wrong PINs were typed on the guidebook link today, so no PIN is checked there until ${when}, not even the right one. Choose a new PIN and save to let your guests in again.`}
      </p>
    </div>
  );
}
