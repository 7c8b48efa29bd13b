import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface Props extends Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'maxLength' | 'readOnly' | 'autoFocus' | 'required'> {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | undefined;
  /** Help shown under the input (and read with it); hidden while an error shows. */
  hint?: string;
  /** Right of the label, e.g. the "Forgot?" link. */
  aside?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** Label, input and its error, wired for screen readers (aria-invalid + aria-describedby). */
export default function TextField({ id, name, label, type = 'text', value, onChange, error, hint, aside, inputRef, ...rest }: Props) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {aside}
      </div>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`field-input ${isPassword ? 'pr-20' : ''}`}
          spellCheck={type === 'text' ? undefined : false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-controls={id}
            // The name starts with the visible word (WCAG 2.5.3) and says what happens next.
            aria-label={`${revealed ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            className="absolute inset-y-1.5 right-1.5 rounded-lg px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
