import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { firstInvalid, validateForm, type FieldErrors } from './form-errors.ts';
import { adoptPrefilled } from './prefilled.ts';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * The text fields of an account or contact form, checked with the shared schema the API uses:
 * their values, one message per field, and the props that wire each input (`field(name)`). A
 * field that has complained is checked again as it is typed in, so the message goes as soon as
 * it is right; `validate()` checks them all and puts the focus on the first wrong one. Typing
 * done before hydration is adopted once React runs (lib/prefilled.ts); `ready` turns true then:
 * until it does, a click would post the form natively (no JSON, no validation).
 */
export function useFormFields<Field extends string, Out>(schema: z.ZodType<Out>, fields: readonly Field[], initial: Record<Field, string>) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [ready, setReady] = useState(false);
  const inputs = useRef<Partial<Record<Field, FieldElement | null>>>({});
  useEffect(() => {
    setValues((current) => adoptPrefilled(current, inputs.current));
    setReady(true);
  }, []);

  function onChange(event: ChangeEvent<FieldElement>) {
    const name = event.target.name as Field;
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (errors[name]) setErrors((current) => ({ ...current, [name]: validateForm(schema, next).errors?.[name] }));
  }

  /** `extra`: values the schema checks that are not typed in (a captcha token). */
  function validate(extra: Record<string, string> = {}): { data: Out; errors: null } | { data: null; errors: FieldErrors<Field> } {
    const result = validateForm(schema, { ...values, ...extra });
    setErrors(result.errors ?? {});
    if (result.errors) {
      const first = firstInvalid(fields, result.errors);
      if (first) inputs.current[first]?.focus();
    }
    return result;
  }

  function field(name: Field) {
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange,
      error: errors[name],
      inputRef: (element: FieldElement | null) => {
        inputs.current[name] = element;
      },
    };
  }

  return { id, values, setValues, errors, validate, field, ready };
}
