/**
 * What changed between two versions of a guidebook, field by field and in words: the History's
 * "Check-in step 2 edited, Wi-Fi password changed" and the Auto-Fill preview's "WhatsApp will be
 * removed from 2 guidebooks" (docs/decisions/016-revisions-and-trash.md). Values never appear in
 * the words, so a phrase about the door code or the PIN gives nothing away.
 */
import { topLevelKinds, type FieldKind } from './schemas/field-kinds.ts';
import { instructionContentSchema, type InstructionContent } from './schemas/instruction.ts';

type Field = keyof InstructionContent;

/** How a field changed: filled where it was empty, emptied, or changed from one value to another. */
export type ChangeKind = 'added' | 'changed' | 'removed';

export interface FieldChange {
  field: Field;
  kind: ChangeKind;
}

/**
 * The name of each field as the editor shows it. Typed over every field, so a field added to the
 * guidebook without a name here stops the type check.
 */
export const FIELD_LABELS: Record<Field, string> = {
  nameInstruction: 'Name',
  address: 'Address',
  addressUrl: 'Map link',
  code: 'Door code',
  boxes: 'Check-in steps',
  manualBoxes: 'Additional info',
  phone: 'Phone',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  telegram: 'Telegram',
  facebook: 'Facebook',
  instagram: 'Instagram',
  wifiName: 'Wi-Fi name',
  wifiPassword: 'Wi-Fi password',
  wifiSecurity: 'Wi-Fi security',
  selectedHouseRules: 'House rules',
  textGreating: 'Welcome message',
  photoGreating: 'Host photo',
  hostName: 'Host name',
  selectedTheme: 'Theme',
  taxiLink: 'Taxi link',
  rentCarLink: 'Car rental link',
  foodLink: 'Food order link',
  parkingLink: 'Parking link',
  brandingTitle: 'Branding title',
  coverImage: 'Cover photo',
  secretsPolicy: 'Who sees the door code',
  secretsPin: 'PIN',
  revealHoursBefore: 'Hours before check-in',
  timeZone: 'Time zone',
  checkInTime: 'Check-in time',
  checkOutTime: 'Check-out time',
  arrivalReminder: 'Reminder before arrival',
  pmsGuestMail: 'Mails to guests from a booking system',
  checkoutSteps: 'Check-out steps',
  places: 'Recommendations',
  extras: 'Extras',
  extrasOnPublicLink: 'Extras on the public link',
  channelRules: 'Guests by channel',
  language: 'Language',
  translations: 'Translations',
  firstColor: 'First colour',
  secondColor: 'Second colour',
  isRounded: 'Rounded corners',
  isSinglePage: 'Single page',
};

/**
 * The guidebook's fields in the schema's order, each with its declared kind (null for a list:
 * steps, house rules, check-out steps): the same walk the sanitiser and the editor's
 * unsaved-change check follow.
 */
const KIND_OF_FIELD = topLevelKinds(instructionContentSchema) as ReadonlyMap<Field, FieldKind | null>;

/** True for a value a host would call empty: '', an empty list or object (no translations), rich text with no words, unset. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '' && !/data-marker=/.test(value);
  return false;
}

/**
 * Deep equality of two JSON values, whatever the order of their keys (PostgreSQL's jsonb, which a
 * code change writes through, stores keys in its own order).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || ((a === undefined || a === null) && (b === undefined || b === null))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}

/** The fields of `after` that differ from `before` (every field of `after` when there is no before). */
export function fieldChanges(before: Partial<InstructionContent> | null, after: Partial<InstructionContent>): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)] as Field[]);
  const changes: FieldChange[] = [];
  for (const field of KIND_OF_FIELD.keys()) {
    if (!fields.has(field)) continue;
    const old = before?.[field];
    const now = after[field];
    if (sameValue(old, now)) continue;
    changes.push({ field, kind: isEmptyValue(old) ? 'added' : isEmptyValue(now) ? 'removed' : 'changed' });
  }
  return changes;
}

interface Step {
  id: number;
}

/** "Check-in step 2 edited", "Check-in step 3 added", "Check-in steps reordered", numbered as the host sees them. */
function stepPhrases(noun: string, plural: string, before: readonly Step[], after: readonly Step[]): string[] {
  const phrases: string[] = [];
  const old = new Map(before.map((step, index) => [step.id, { step, index }]));
  const kept = new Set<number>();
  after.forEach((step, index) => {
    const was = old.get(step.id);
    if (!was) phrases.push(`${noun} ${index + 1} added`);
    else {
      kept.add(step.id);
      if (!sameValue(was.step, step)) phrases.push(`${noun} ${index + 1} edited`);
    }
  });
  const removed = before.filter((step) => !kept.has(step.id)).length;
  if (removed > 0) phrases.push(removed === 1 ? `${noun} ${before.findIndex((step) => !kept.has(step.id)) + 1} removed` : `${removed} ${plural.toLowerCase()} removed`);
  const order = (list: readonly Step[]) => list.filter((step) => kept.has(step.id)).map((step) => step.id).join();
  if (order(before) !== order(after)) phrases.push(`${plural} reordered`);
  return phrases;
}

const VERB: Record<ChangeKind, string> = { added: 'added', changed: 'changed', removed: 'removed' };

/** The changes from `before` to `after` in words, in the editor's order; [] when nothing changed. */
export function describeChanges(before: Partial<InstructionContent> | null, after: Partial<InstructionContent>): string[] {
  const phrases: string[] = [];
  for (const { field, kind } of fieldChanges(before, after)) {
    if (field === 'boxes') phrases.push(...stepPhrases('Check-in step', 'Check-in steps', before?.boxes ?? [], after.boxes ?? []));
    else if (field === 'manualBoxes') phrases.push(...stepPhrases('Additional info', 'Additional info items', before?.manualBoxes ?? [], after.manualBoxes ?? []));
    else if (field === 'places') phrases.push(...stepPhrases('Place', 'Places', before?.places ?? [], after.places ?? []));
    else if (field === 'extras') phrases.push(...stepPhrases('Extra', 'Extras', before?.extras ?? [], after.extras ?? []));
    // A rich text (the welcome message) is edited rather than changed, like a step.
    else if (KIND_OF_FIELD.get(field) === 'richText' && kind === 'changed') phrases.push(`${FIELD_LABELS[field]} edited`);
    else phrases.push(`${FIELD_LABELS[field]} ${VERB[kind]}`);
  }
  return phrases;
}

/** "WhatsApp will be removed from 2 guidebooks; Taxi link will change in 3": one clause per field and kind. */
export function describeApplyPlan(counts: ReadonlyArray<{ field: Field; kind: ChangeKind; guidebooks: number }>): string {
  const plural = (n: number) => `${n} guidebook${n === 1 ? '' : 's'}`;
  return counts
    .map(({ field, kind, guidebooks }) => {
      const label = FIELD_LABELS[field];
      if (kind === 'removed') return `${label} will be removed from ${plural(guidebooks)}`;
      if (kind === 'added') return `${label} will be added to ${plural(guidebooks)}`;
      return `${label} will change in ${plural(guidebooks)}`;
    })
    .join('; ');
}
