/**
 * A guidebook's translations for the editor's language bar and the guest pages
 * (docs/decisions/021-guidebook-translations.md): which fields there are to translate, how far a
 * language is, and the content as a guest reading that language gets it. Pure functions over the
 * stored content, the same in the browser and on the server.
 */
import { instructionContentSchema, markerProblem, sourceHash, translatableFieldsOf, type InstructionContent, type TranslatableField } from './schemas/instruction.ts';

export { sourceHash, type TranslatableField };
export type { Translation, Translations } from './schemas/instruction.ts';

/**
 * What a guest may read of a translation: a text the host wrote, kept or accepted. A machine draft
 * is the host's to check first: until accepted, guests read the main text (docs/decisions/021).
 */
function forGuests(entry: { text: string; machine?: boolean } | undefined): entry is { text: string } {
  return entry !== undefined && entry.text !== '' && entry.machine !== true;
}

/** The translations a guest may read (machine drafts not accepted left out, and languages left with none): what public readers get. */
export function guestTranslations<T extends { text: string; machine?: boolean }>(translations: Readonly<Record<string, Readonly<Record<string, T>>>>): Record<string, Record<string, T>> {
  const kept: Record<string, Record<string, T>> = {};
  for (const [language, entries] of Object.entries(translations)) {
    const readable = Object.entries(entries).filter(([, entry]) => forGuests(entry));
    if (readable.length > 0) kept[language] = Object.fromEntries(readable);
  }
  return kept;
}

/**
 * The languages a guidebook offers its guests: its main language, then each language it has a
 * translation guests may read in (an empty one, or one of machine drafts only, offers nothing). The
 * guest page's language menu, the share dialog's choice and the checks on `?lang=` (poster, mail,
 * QR code) all read this list (docs/product/guest-languages.md).
 */
export function offeredLanguages(content: { language: string; translations: Readonly<Record<string, Readonly<Record<string, { text: string; machine?: boolean }>>>> }): string[] {
  const translated = Object.entries(content.translations)
    .filter(([language, fields]) => language !== content.language && Object.values(fields).some(forGuests))
    .map(([language]) => language);
  return [content.language, ...translated];
}

/**
 * The fields of `content` there are to translate: every field the schema declares translatable
 * that holds text now, in the editor's order, each under a key that stays the same when its list
 * is reordered (`textGreating`, `boxes.<id>.title`, `places.<id>.note`, `checkoutSteps.<index>`).
 */
export function translatableFields(content: InstructionContent): TranslatableField[] {
  return translatableFieldsOf(instructionContentSchema, content);
}

export interface TranslationStatus {
  /** Fields there are to translate. */
  total: number;
  /** Fields with a translation, up to date or not. */
  translated: number;
  /** Translated from a main text that has changed since ("may be out of date"). */
  outOfDate: number;
  /** Machine drafts the host has not edited or accepted yet. */
  machine: number;
  /** The keys of the fields without a translation, in the editor's order. */
  missing: string[];
}

/** How far `language` is: what is translated, what may be out of date, what a machine drafted, what is missing. */
export function translationStatus(content: InstructionContent, language: string): TranslationStatus {
  const entries = content.translations[language] ?? {};
  const status: TranslationStatus = { total: 0, translated: 0, outOfDate: 0, machine: 0, missing: [] };
  for (const field of translatableFields(content)) {
    status.total += 1;
    const entry = entries[field.key];
    if (!entry || entry.text === '') {
      status.missing.push(field.key);
      continue;
    }
    status.translated += 1;
    if (entry.source !== sourceHash(field.text)) status.outOfDate += 1;
    if (entry.machine) status.machine += 1;
  }
  return status;
}

/** True when the translation of `field` was made from another main text than the one there now. */
export function isOutOfDate(field: TranslatableField, source: string): boolean {
  return source !== sourceHash(field.text);
}

export interface TranslatedContent {
  /**
   * The guidebook as a guest reading `language` gets it: each translated field replaced by its
   * translation (out of date or not, but never a machine draft not accepted), every other field as it is, `language` still the main one
   * and `translations` empty, so a page built from it carries no other language.
   */
  content: InstructionContent;
  /**
   * The keys of the fields left in the main language: no translation, a machine draft not accepted
   * yet, or one made from an earlier main text with other markers (the door code must reach the
   * guest). The page marks them `lang=<main>`.
   */
  fallbacks: Set<string>;
}

/** `content` in `language`; the main language (or a language it has no translations in) is the content itself, with every field a fallback in the latter. */
export function translatedContent(content: InstructionContent, language: string): TranslatedContent {
  const fields = translatableFields(content);
  const main = { ...content, translations: {} };
  if (language === content.language) return { content: main, fallbacks: new Set() };
  const entries = content.translations[language] ?? {};
  const replaced = new Map<string, string>();
  const fallbacks = new Set<string>();
  for (const field of fields) {
    const entry = entries[field.key];
    if (forGuests(entry) && !(field.kind === 'richText' && markerProblem(field.text, entry.text))) replaced.set(field.key, entry.text);
    else fallbacks.add(field.key);
  }
  return { content: withTexts(main, replaced), fallbacks };
}

/** `content` with the field of each key of `texts` set to its text (the keys as `translatableFields` gives them). */
function withTexts(content: InstructionContent, texts: ReadonlyMap<string, string>): InstructionContent {
  if (texts.size === 0) return content;
  const copy = structuredClone(content);
  for (const [key, text] of texts) {
    const steps = key.split('.');
    let node: unknown = copy;
    for (const step of steps.slice(0, -1)) node = stepInto(node, step);
    const last = steps.at(-1)!;
    if (Array.isArray(node)) node[Number(last)] = text;
    else if (typeof node === 'object' && node !== null) (node as Record<string, unknown>)[last] = text;
  }
  return copy;
}

/** The child a key's step names on the way to a field: a list's item by its `id`, an object's field by name. */
function stepInto(node: unknown, step: string): unknown {
  if (Array.isArray(node)) return node.find((item: unknown) => typeof item === 'object' && item !== null && String((item as { id?: unknown }).id) === step);
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[step] : undefined;
}
