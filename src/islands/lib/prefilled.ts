/**
 * Server-rendered inputs take typing before React hydrates them (slow network, fast fingers,
 * browser autofill); hydration keeps that text on screen but not in state, so a submit would see
 * empty fields. Called once on mount, this adopts what the inputs already hold.
 */
export function adoptPrefilled<Field extends string>(
  values: Record<Field, string>,
  inputs: Partial<Record<Field, { value: string } | null>>,
): Record<Field, string> {
  let next = values;
  for (const field of Object.keys(values) as Field[]) {
    const typed = inputs[field]?.value;
    if (typed && typed !== values[field]) next = { ...next, [field]: typed };
  }
  return next;
}
