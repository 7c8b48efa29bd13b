import { useId } from 'react';
import { MAX_PHONE } from '@shared/schemas/instruction.ts';
import { DIAL_CODES, OTHER_CODE } from './dial-codes.ts';

interface Props {
  code: string;
  number: string;
  onCodeChange: (code: string) => void;
  onNumberChange: (number: string) => void;
  error?: string | undefined;
}

/** SPEC §2: phone with a country code: a code select beside the number. */
export function PhoneField({ code, number, onCodeChange, onNumberChange, error }: Props) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="field-label">Phone</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="min-w-0 sm:w-56">
          <label htmlFor={`${id}-code`} className="sr-only">
            Country code
          </label>
          <select id={`${id}-code`} className="field-input min-w-0" value={code} onChange={(event) => onCodeChange(event.target.value)}>
            {DIAL_CODES.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.label}
              </option>
            ))}
            <option value={OTHER_CODE}>Other (type the code)</option>
          </select>
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-number`} className="sr-only">
            Phone number
          </label>
          <input
            id={`${id}-number`}
            className="field-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={code ? '91 555 0101' : '+385 91 555 0101'}
            maxLength={MAX_PHONE}
            value={number}
            onChange={(event) => onNumberChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
