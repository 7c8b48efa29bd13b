import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { MAX_REVEAL_HOURS, PIN_PATTERN, SECRETS_POLICIES, type SecretsPolicy } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../components/ui/TextField.tsx';
import { fieldId, type SectionProps } from '../../model/editor-form.ts';
import { Section } from '../common/Section.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';

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
    explains: 'Guests type the PIN you give them, on any link of this guidebook, to see the door code and the Wi-Fi password.',
  },
};

/**
 * Issue 14: who sees the door code and the Wi-Fi password (the secrets policy), and the property's
 * time zone that stays are written in. The server keeps a gated secret out of the guest page and
 * its snapshot; this panel only chooses. Each choice says what guests see.
 */
export function GuestAccessPanel({ form, patch }: SectionProps) {
  return (
    <Section id="guest-access" title="Guest access" icon={ShieldCheck} compact description="Who sees the door code and the Wi-Fi password.">
      <div className="grid gap-5">
        <fieldset className="min-w-0" id={fieldId('secretsPolicy')}>
          <legend className="field-label">Show them to</legend>
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
  const hours = form.revealHoursBefore;
  return (
    <TextField
      id={fieldId('revealHoursBefore')}
      label="Hours before check-in"
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_REVEAL_HOURS}
      step={1}
      // An emptied field is NaN in the form: the save's check names it, the input shows it empty.
      value={Number.isFinite(hours) ? hours : ''}
      onChange={(event) => patch({ revealHoursBefore: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
      inputClassName="max-w-32"
      hint={`Guests see them from this many hours before check-in until check-out: 0 to ${MAX_REVEAL_HOURS} (a week).`}
    />
  );
}

function PinField({ form, patch }: SectionProps) {
  const [touched, setTouched] = useState(false);
  const pin = form.secretsPin;
  const error = touched && !PIN_PATTERN.test(pin) ? 'The PIN must be 4 to 8 digits.' : undefined;
  return (
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
      hint="4 to 8 digits. Send it to guests with their booking."
    />
  );
}
