import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Validates form values with a shared schema (the same one the API uses) and keeps the first
 * message per field, so each input shows one clear sentence.
 */
export function validateForm<Field extends string, Out>(
  schema: z.ZodType<Out>,
  values: Record<Field, string>,
): { data: Out; errors: null } | { data: null; errors: FieldErrors<Field> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** The first field, in form order, that has an error: where focus should go. */
export function firstInvalid<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field]);
}
