import type { ReactNode } from 'react';

interface Messages {
  hint?: ReactNode;
  error?: string | undefined;
}

/** The ids a field's input is described by: its hint, then its error, when there are some. */
export function describedBy(id: string, { hint, error }: Messages): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error under its input, with the ids `describedBy` names. */
export function FieldMessages({ id, hint, error }: Messages & { id: string }) {
  return (
    <>
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
    </>
  );
}
