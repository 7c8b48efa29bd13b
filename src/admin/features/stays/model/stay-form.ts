import { messages } from '@shared/messages.ts';
import { createStaySchema, MAX_STAY_DAYS, type Stay } from '@shared/schemas/stay.ts';

/** The add/edit dialog's fields, as typed. */
export interface StayValues {
  guestName: string;
  guestEmail: string;
  checkIn: string;
  checkOut: string;
  language: string;
}

export type StayField = keyof StayValues;
export type StayErrors = Partial<Record<StayField, string>>;

export const STAY_FIELDS: readonly StayField[] = ['guestName', 'guestEmail', 'checkIn', 'checkOut', 'language'];

export function valuesOf(stay: Stay): StayValues {
  return { guestName: stay.guestName, guestEmail: stay.guestEmail, checkIn: stay.checkIn, checkOut: stay.checkOut, language: stay.language };
}

/**
 * The API's own schema checks the dialog before it is sent (docs/style.md 3), plus the one rule it
 * leaves to the server because it needs both dates: check-out after check-in. The server checks
 * everything again; `fieldOfMessage` puts its answer under the field it is about.
 */
export function validateStay(values: StayValues): { ok: true; input: Required<StayValues> } | { ok: false; errors: StayErrors } {
  const parsed = createStaySchema.safeParse(values);
  const errors: StayErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && STAY_FIELDS.includes(field as StayField)) errors[field as StayField] ??= issue.message;
    }
    return { ok: false, errors };
  }
  // "YYYY-MM-DDTHH:mm" strings compare as the times they name.
  if (parsed.data.checkOut <= parsed.data.checkIn) return { ok: false, errors: { checkOut: messages.stays.checkOutBeforeCheckIn } };
  return { ok: true, input: parsed.data };
}

const text = messages.stays;

/** The field a server message is about, or null for one about the whole stay. */
export function fieldOfMessage(message: string): StayField | null {
  if (message === text.dateRequired('check-in')) return 'checkIn';
  if (message === text.dateRequired('check-out') || message === text.checkOutBeforeCheckIn || message === text.tooLong(MAX_STAY_DAYS)) return 'checkOut';
  if (message === text.emailInvalid) return 'guestEmail';
  if (message === text.languageInvalid) return 'language';
  if (message.startsWith('The guest name')) return 'guestName';
  return null;
}

/** "German (de)", in English like the rest of the dashboard. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
