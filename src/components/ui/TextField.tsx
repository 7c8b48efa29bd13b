import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, FieldMessages } from './FieldMessages.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Right of the label, e.g. the "Forgot?" link of the login form. */
  aside?: ReactNode;
  /** Inside the input's box, at its end, e.g. a password's Show button. */
  end?: ReactNode;
  /** Extra classes of the input itself (room for `end`). */
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input in the shared field style, for the dashboard and the public account forms
 * (src/islands/auth/TextField.tsx adds the password's Show button): the hint and the error are
 * tied to it for screen readers.
 */
export function TextField({ label, error, hint, aside, end, inputClassName, inputRef, id: givenId, ...input }: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const labelElement = (
    <label htmlFor={id} className="field-label">
      {label}
    </label>
  );
  const inputElement = (
    <input
      ref={inputRef}
      id={id}
      className={inputClassName ? `field-input ${inputClassName}` : 'field-input'}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { hint, error })}
      {...input}
    />
  );
  return (
    <div>
      {aside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {end ? (
        <div className="relative">
          {inputElement}
          {end}
        </div>
      ) : (
        inputElement
      )}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
