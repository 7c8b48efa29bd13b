/**
 * The editor's side of a guidebook's translations (docs/decisions/021-guidebook-translations.md):
 * pure changes to the form's `translations`, saved with the guidebook's normal Save. A translation
 * the host writes, keeps or accepts is made "from" the main text there now (`source` = its hash) and
 * is no machine draft any more.
 */
import { GUIDEBOOK_LANGUAGES, MAX_GUIDEBOOK_LANGUAGES, type GuidebookLanguage } from '@shared/languages.ts';
import type { Instruction, Translation, Translations } from '@shared/schemas/instruction.ts';
import { isOutOfDate, sourceHash, translatableFields, type TranslatableField } from '@shared/translations.ts';

/** The languages the guidebook is translated into, in the order they were added. */
export function translationLanguages(form: Instruction): GuidebookLanguage[] {
  return Object.keys(form.translations).filter((tag): tag is GuidebookLanguage => (GUIDEBOOK_LANGUAGES as readonly string[]).includes(tag) && tag !== form.language);
}

/** Languages that can still be added (none once the guidebook has 20, counting the main one). */
export function addableLanguages(form: Instruction): GuidebookLanguage[] {
  const used = new Set<string>([form.language, ...translationLanguages(form)]);
  if (used.size >= MAX_GUIDEBOOK_LANGUAGES) return [];
  return GUIDEBOOK_LANGUAGES.filter((tag) => !used.has(tag));
}

export type FieldState = 'missing' | 'outOfDate' | 'machine' | 'done';

/** Where one field of `language` stands; a machine draft of an older main text counts as out of date. */
export function fieldState(field: TranslatableField, entry: Translation | undefined): FieldState {
  if (!entry || entry.text === '') return 'missing';
  if (isOutOfDate(field, entry.source)) return 'outOfDate';
  return entry.machine ? 'machine' : 'done';
}

/**
 * "N left": the fields of `language` with no translation or one that may be out of date. A place's
 * name left empty is not "left": a proper name usually reads the same, and no machine drafts it.
 */
export function leftToTranslate(form: Instruction, language: string): number {
  const entries = form.translations[language] ?? {};
  return translatableFields(form).filter((field) => {
    const state = fieldState(field, entries[field.key]);
    return state === 'outOfDate' || (state === 'missing' && !field.byHand);
  }).length;
}

/** "N to review": the machine drafts of `language` the host has not accepted or edited; guests read the main text until then. */
export function draftsToReview(form: Instruction, language: string): number {
  const entries = form.translations[language] ?? {};
  return translatableFields(form).filter((field) => fieldState(field, entries[field.key]) === 'machine').length;
}

function withLanguage(form: Instruction, language: string, change: (entries: Record<string, Translation>) => Record<string, Translation>): Translations {
  return { ...form.translations, [language]: change({ ...(form.translations[language] ?? {}) }) };
}

export function addLanguage(form: Instruction, language: string): Translations {
  return { ...form.translations, [language]: form.translations[language] ?? {} };
}

export function removeLanguage(form: Instruction, language: string): Translations {
  const { [language]: _removed, ...rest } = form.translations;
  return rest;
}

/** The host typed `text` for `field`: made from today's main text, by hand. */
export function writeTranslation(form: Instruction, language: string, field: TranslatableField, text: string): Translations {
  return withLanguage(form, language, (entries) => ({ ...entries, [field.key]: { text, source: sourceHash(field.text) } }));
}

/** "Keep as is" (out of date) or "Accept" (machine draft): the text stays, now counted as current and the host's. */
export function confirmTranslation(form: Instruction, language: string, field: TranslatableField): Translations {
  return withLanguage(form, language, (entries) => {
    const entry = entries[field.key];
    return entry ? { ...entries, [field.key]: { text: entry.text, source: sourceHash(field.text) } } : entries;
  });
}

/** The machine's drafts put in, each marked `machine` until the host edits or accepts it. */
export function mergeDrafts(form: Instruction, language: string, drafts: Record<string, Translation>): Translations {
  return withLanguage(form, language, (entries) => ({ ...entries, ...drafts }));
}

/** Where a field's translation belongs in the editor (its key's first step), for the list's headings. */
const SECTION_OF: Record<string, string> = {
  nameInstruction: 'Guidebook',
  boxes: 'Check-in steps',
  checkoutSteps: 'Check-out steps',
  places: 'Recommendations',
  extras: 'Extras',
  textGreating: 'Welcome message',
  manualBoxes: 'Additional info',
  brandingTitle: 'Branding title',
};

export interface FieldGroup {
  title: string;
  fields: TranslatableField[];
}

/** The fields to translate grouped by the editor's section, in the editor's order. */
export function groupedFields(form: Instruction): FieldGroup[] {
  const groups: FieldGroup[] = [];
  for (const field of translatableFields(form)) {
    const title = SECTION_OF[field.key.split('.')[0]!] ?? 'Other';
    const group = groups.find((candidate) => candidate.title === title);
    if (group) group.fields.push(field);
    else groups.push({ title, fields: [field] });
  }
  return groups;
}
