import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string;
}

/** A labelled input in the shared field style; the error is tied to it for screen readers. */
export function TextField({ label, error, hint, id: givenId, ...input }: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
