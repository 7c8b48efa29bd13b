import { mapFields } from '@shared/schemas/field-kinds.ts';
import {
  DEFAULT_INSTRUCTION_NAME,
  instructionContentSchema,
  newPinProblem,
  saveInstructionSchema,
  type Box,
  type Instruction,
  type InstructionContent,
  type ManualBox,
} from '@shared/schemas/instruction.ts';
import { CONTACT_KINDS, contactLink, type ContactKind } from '@shared/contact-links.ts';
import { newItemId } from '../../../components/sortable/list-items.ts';
import { browserTimeZone } from '../../../lib/time-zones.ts';

/** The two step lists of a guidebook (docs/product.md §3 "Box"): check-in steps and additional info. */
export type StepListKey = 'boxes' | 'manualBoxes';
export type Step = Box | ManualBox;

/**
 * A contact field holds the stored link until the host types, then what was typed ("+385 91 555
 * 0101"); both mean the link the save stores, so the link is what is compared.
 */
function contactValue(kind: ContactKind, value: string): string {
  const result = contactLink(kind, value);
  return result.ok ? result.link : value;
}

/** The editor emits '' for an empty text; an untouched server value may still read `<p></p>`. */
function normaliseRich(html: string): string {
  return /^(<p>\s*<\/p>)*$/.test(html) ? '' : html;
}

/**
 * The content as the editor compares it: the content schema's fields only, the optional extras
 * included (`_id`, `version` and the like are no content), steps with their own fields; every field
 * declared `richText` normalised, contact fields as the links they mean.
 */
export function comparableContent(form: Instruction): InstructionContent {
  const content = mapFields(
    instructionContentSchema,
    form,
    (value, at) => (at.declaration.kind === 'richText' && typeof value === 'string' ? normaliseRich(value) : value),
    { project: true },
  ) as InstructionContent;
  for (const kind of CONTACT_KINDS) content[kind] = contactValue(kind, form[kind]);
  return content;
}

/**
 * What "unchanged" means (docs/product.md §4 Editor): the content compared field by field, steps in order.
 * docs/product.md §4 compares house rules sorted because the old picker had no order; here the host orders
 * them and the guest page follows that order, so a reorder is a change worth saving.
 */
export function comparable(form: Instruction): string {
  return JSON.stringify(comparableContent(form));
}

/**
 * The form as the editor starts it: a guidebook whose time zone was never chosen (older ones, '')
 * starts with the browser's, so the first save stores it (stays are written in it). It counts as the loaded
 * state, not as an unsaved change: nothing was typed.
 */
export function startingForm(instruction: Instruction): Instruction {
  if (instruction.timeZone !== '') return instruction;
  const zone = browserTimeZone();
  return zone ? { ...instruction, timeZone: zone } : instruction;
}

export function newBox(existing: readonly Step[]): Box {
  return { id: newItemId(existing), title: '', paragraph: '', imageUrl: '' };
}

export function newManualBox(existing: readonly Step[]): ManualBox {
  return { id: newItemId(existing), paragraph: '', imageUrl: '' };
}

/** The start of every translation input's id (`fieldId('translations', language, key)`). */
export const TRANSLATION_FIELD_PREFIX = 'editor-translations-';

/** DOM id of a form field, so a validation message can send the focus where the fix is. */
export function fieldId(...path: ReadonlyArray<string | number>): string {
  return ['editor', ...path].join('-');
}

export interface FormIssue {
  message: string;
  /** The field to focus, when there is one on the page. */
  fieldId: string | null;
}

export type Validation = { ok: true; body: Instruction } | { ok: false; issues: FormIssue[] };

/**
 * The shared schema checks the form before it is sent (docs/style.md 3); the server checks again.
 * The body keeps `_id` and friends (docs/product.md §7: the whole instruction) with the parsed content
 * (trimmed lines, bare links read as https) on top.
 */
export function validateForm(form: Instruction, saved: Pick<Instruction, 'secretsPin'>): Validation {
  const parsed = saveInstructionSchema.safeParse(form);
  // A PIN kept from before may be short; a new one may not (the server says the same).
  const pinProblem = parsed.success ? newPinProblem(parsed.data.secretsPin, saved.secretsPin) : null;
  if (pinProblem) return { ok: false, issues: [{ message: pinProblem, fieldId: fieldId('secretsPin') }] };
  if (parsed.success) return { ok: true, body: { ...form, ...parsed.data } };
  const issues = parsed.error.issues.map((issue) => {
    const [key, index, sub] = issue.path;
    let target: string | null = typeof key === 'string' ? fieldId(key) : null;
    if ((key === 'boxes' || key === 'manualBoxes') && typeof index === 'number') {
      const step = form[key][index];
      target = step ? fieldId(key, step.id, typeof sub === 'string' ? sub : 'paragraph') : null;
    }
    if (key === 'places' && typeof index === 'number') {
      const place = form.places[index];
      target = place ? fieldId('places', place.id, typeof sub === 'string' ? sub : 'name') : null;
    }
    if (key === 'extras' && typeof index === 'number') {
      const extra = form.extras[index];
      // The currency has no field of its own: it is the price's suffix.
      const field = sub === 'currency' ? 'price' : typeof sub === 'string' ? sub : 'title';
      target = extra ? fieldId('extras', extra.id, field) : null;
    }
    if (key === 'checkoutSteps' && typeof index === 'number') target = fieldId(key, index);
    if ((key === 'arrivalReminder' || key === 'pmsGuestMail') && typeof index === 'string') target = fieldId(key, index);
    // A translation's problem (docs/decisions/021): its input in the Languages view, by language and field key.
    if (key === 'translations' && typeof index === 'string' && typeof sub === 'string') target = fieldId(key, index, sub);
    return { message: issue.message, fieldId: target };
  });
  return { ok: false, issues };
}

/**
 * The card a server's refusal names ("Extra 2 (Breakfast basket): …", docs/product.md §5), as the
 * id of its heading, when the form still has it: the message leads there as the form's own do.
 */
export function namedCardHeading(message: string, form: Instruction): string | null {
  const match = /^(Place|Extra) (\d+)\b/.exec(message);
  if (!match) return null;
  const key = match[1] === 'Place' ? 'places' : 'extras';
  const item = form[key][Number(match[2]) - 1];
  return item ? `${fieldId(key, item.id)}-heading` : null;
}

/** What a section of the form gets: the current values and a way to change some of them. */
export interface SectionProps {
  form: Instruction;
  patch: (change: Partial<Instruction>) => void;
}

/** The fields of the form that hold one line of text, as typed. */
type TextKey = { [K in keyof Instruction]-?: Instruction[K] extends string ? K : never }[keyof Instruction];

/**
 * The guidebook's name field: empty, with the default as its placeholder, while the guidebook has
 * the name a new one gets (DEFAULT_INSTRUCTION_NAME), so a host types a name instead of deleting
 * ours; emptied (or blank), the guidebook takes that default, as the server gives a new guidebook
 * (POST /api/instruction's contract is unchanged).
 */
export function bindName({ form, patch }: SectionProps) {
  const unnamed = form.nameInstruction === DEFAULT_INSTRUCTION_NAME;
  return {
    id: fieldId('nameInstruction'),
    value: unnamed ? '' : form.nameInstruction,
    placeholder: DEFAULT_INSTRUCTION_NAME,
    onChange: (event: { target: { value: string } }) => patch({ nameInstruction: event.target.value.trim() === '' ? DEFAULT_INSTRUCTION_NAME : event.target.value }),
  };
}

/** The id, value and onChange of a text input bound to one field of the form. */
export function bindText({ form, patch }: SectionProps, key: TextKey) {
  return {
    id: fieldId(key),
    value: form[key],
    onChange: (event: { target: { value: string } }) => patch({ [key]: event.target.value }),
  };
}
