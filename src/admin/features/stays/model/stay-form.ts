import { messages } from '@shared/messages.ts';
import { createStaySchema, MAX_STAY_DAYS, updateStaySchema, type Stay } from '@shared/schemas/stay.ts';

/** The add/edit dialog's fields, as typed. */
export interface StayValues {
  guestName: string;
  guestEmail: string;
  checkIn: string;
  checkOut: string;
  language: string;
  /** The host's own note, never shown to the guest; only an existing stay's dialog offers it (PATCH takes it, POST does not). */
  hostNote: string;
}

export type StayField = keyof StayValues;
export type StayErrors = Partial<Record<StayField, string>>;

export const STAY_FIELDS: readonly StayField[] = ['guestName', 'guestEmail', 'checkIn', 'checkOut', 'language', 'hostNote'];

export function valuesOf(stay: Stay): StayValues {
  return { guestName: stay.guestName, guestEmail: stay.guestEmail, checkIn: stay.checkIn, checkOut: stay.checkOut, language: stay.language, hostNote: stay.hostNote };
}

/**
 * The API's own schema checks the dialog before it is sent (docs/style.md 3), plus the one rule it
 * leaves to the server because it needs both dates: check-out after check-in. The server checks
 * everything again; `fieldOfMessage` puts its answer under the field it is about.
 */
export function validateStay(values: StayValues): { ok: true; input: Required<StayValues> } | { ok: false; errors: StayErrors } {
  const parsed = createStaySchema.safeParse(values);
  const note = updateStaySchema.shape.hostNote.safeParse(values.hostNote);
  const errors: StayErrors = {};
  if (!note.success) errors.hostNote = messages.stays.noteInvalid;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && STAY_FIELDS.includes(field as StayField)) errors[field as StayField] ??= issue.message;
    }
    return { ok: false, errors };
  }
  // "YYYY-MM-DDTHH:mm" strings compare as the times they name.
  if (parsed.data.checkOut <= parsed.data.checkIn) errors.checkOut = messages.stays.checkOutBeforeCheckIn;
  if (errors.hostNote || errors.checkOut) return { ok: false, errors };
  return { ok: true, input: { ...parsed.data, hostNote: note.data ?? '' } };
}

/** A booking system's stay: only its language and note are the host's (docs/decisions/029-pms-connectors.md §8). */
export function validateHostFields(values: StayValues): { ok: true; input: { language: string; hostNote: string } } | { ok: false; errors: StayErrors } {
  const language = updateStaySchema.shape.language.safeParse(values.language);
  const note = updateStaySchema.shape.hostNote.safeParse(values.hostNote);
  const errors: StayErrors = {};
  if (!language.success) errors.language = messages.stays.languageInvalid;
  if (!note.success) errors.hostNote = messages.stays.noteInvalid;
  if (!language.success || !note.success) return { ok: false, errors };
  return { ok: true, input: { language: language.data ?? '', hostNote: note.data ?? '' } };
}

const text = messages.stays;

/** The field a server message is about, or null for one about the whole stay. */
export function fieldOfMessage(message: string): StayField | null {
  if (message === text.dateRequired('check-in')) return 'checkIn';
  if (message === text.dateRequired('check-out') || message === text.checkOutBeforeCheckIn || message === text.tooLong(MAX_STAY_DAYS)) return 'checkOut';
  if (message === text.emailInvalid) return 'guestEmail';
  if (message === text.languageInvalid) return 'language';
  if (message === text.noteInvalid) return 'hostNote';
  if (message.startsWith('The guest name')) return 'guestName';
  return null;
}

/** A 409 that names the stays these dates overlap (schemas/stay.ts), not another conflict. */
export function hasOverlaps(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { overlaps?: unknown }).overlaps);
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
