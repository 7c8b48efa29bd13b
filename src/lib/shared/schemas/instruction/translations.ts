/**
 * A guidebook's main language and its translations (docs/decisions/021-guidebook-translations.md):
 * the shape stored, the walk that finds the translatable fields of a guidebook under stable keys
 * (from the kinds the schema declares, docs/decisions/018), and the checks the editor and the
 * server share. Bound to the guidebook's schema in content.ts and src/lib/shared/translations.ts;
 * here every function takes the schema, so this module needs nothing from content.ts.
 */
import { z } from 'zod';
import { DEFAULT_GUIDEBOOK_LANGUAGE, guidebookLanguageOf, isGuidebookLanguage, languageName, MAX_GUIDEBOOK_LANGUAGES, type GuidebookLanguage } from '../../languages.ts';
import { fieldLabel, mapFields, schemaFields, type FieldPath } from '../field-kinds.ts';
import { field, MAX_RICH, type MarkerName } from './fields.ts';

/** The guidebook's main language: one of the closed list (languages.ts). */
export const languageSchema = field.plain(
  z
    .string({ error: 'The language must be a language tag like "en" or "de".' })
    .refine(isGuidebookLanguage, 'Choose the guidebook’s language from the list.')
    .transform((tag) => tag as GuidebookLanguage),
);

/**
 * POST /api/instruction: the browser's language (`navigator.language`, "de-AT"), the list's
 * language it is in, or English when the list has none: a host is never refused a new guidebook
 * for the language of their browser.
 */
export const browserLanguageSchema = field.plain(
  z
    .string({ error: 'The language must be a language tag like "en" or "de".' })
    .max(35, 'The language must be a language tag like "en" or "de".')
    .transform((tag) => guidebookLanguageOf(tag) ?? DEFAULT_GUIDEBOOK_LANGUAGE),
);

/** FNV-1a, 32 bits, over the text's UTF-8 bytes, as 8 hex digits: the `source` of a translation. */
export function sourceHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const SOURCE = /^[0-9a-f]{8}$/;

/** One field in one language: the text, the hash of the main text it was made from, and whether a machine wrote it. */
export const translationSchema = z.object(
  {
    text: z.string({ error: 'A translation must be text.' }).max(MAX_RICH, `A translation can be at most ${MAX_RICH} characters.`),
    source: z.string({ error: 'A translation needs the hash of the text it translates.' }).regex(SOURCE, 'A translation needs the hash of the text it translates.'),
    /** A machine draft until the host edits or accepts it. */
    machine: z.boolean({ error: 'A machine draft is true or false.' }).optional(),
  },
  { error: 'A translation must be an object.' },
);

/** "Translations: "xx" is not a language a guidebook can be translated into." */
export const notALanguageMessage = (language: string) => `Translations: ${languageName(language)} is not a language a guidebook can be translated into.`;
/** "German: "code" is not a field that can be translated." */
export const notAFieldMessage = (language: string, key: string) => `${languageName(language)}: "${key}" is not a field that can be translated.`;

const PROTO = '__proto__';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body's `__proto__` key (JSON.parse keeps it as an own key) is refused like any other key off
 * the list (`constructor` is, by translationIssues): a zod record drops it without a word, so it
 * would otherwise pass as if it had never been sent.
 */
function refuseProtoKeys(value: unknown, context: z.core.$RefinementCtx): unknown {
  if (!isRecord(value)) return value;
  if (Object.hasOwn(value, PROTO)) context.addIssue({ code: 'custom', message: notALanguageMessage(PROTO), path: [PROTO] });
  for (const [language, entries] of Object.entries(value)) {
    if (isRecord(entries) && Object.hasOwn(entries, PROTO)) context.addIssue({ code: 'custom', message: notAFieldMessage(language, PROTO), path: [language, PROTO] });
  }
  return value;
}

/**
 * `{ [language]: { [fieldKey]: translation } }`. Which languages and keys are allowed depends on
 * the rest of the guidebook, checked by `translationIssues` (content.ts runs it over the whole).
 * Declared `plain` as a whole: the walk does not enter records; each entry takes the kind of the
 * field it translates, and the server sanitises the rich ones (clean-instruction-content.ts).
 */
export const translationsSchema = field.plain(
  z.preprocess(
    refuseProtoKeys,
    z
      .record(z.string(), z.record(z.string(), translationSchema, { error: 'Each language’s translations must be an object.' }), { error: 'Translations must be an object.' })
      .refine((languages) => Object.keys(languages).length < MAX_GUIDEBOOK_LANGUAGES, `A guidebook can be in at most ${MAX_GUIDEBOOK_LANGUAGES} languages (its own and ${MAX_GUIDEBOOK_LANGUAGES - 1} translations).`),
  ),
);

export type Translation = z.output<typeof translationSchema>;
export type Translations = Record<string, Record<string, Translation>>;

/** A translatable field of a guidebook, as it is now. */
export interface TranslatableField {
  /** Names one concrete field, stable when lists are reordered: `textGreating`, `boxes.<id>.title`, `checkoutSteps.<index>`. */
  key: string;
  /** How a host knows it: "Check-in step 2 title". */
  label: string;
  kind: 'plain' | 'richText';
  /** The main-language text. */
  text: string;
  /** Translated by the host only: a machine never drafts it (a place's name). */
  byHand: boolean;
}

/**
 * Fields that were translatable once and are not any more (docs/decisions/021): the host's name
 * and the addresses. Their stored translations are dropped as a guidebook is read
 * (`withoutRetiredTranslations`) and, sent by an editor opened before, dropped on save, never refused.
 */
const RETIRED_PATTERNS: ReadonlySet<string> = new Set(['hostName', 'address', 'places[].address']);

/** `translations` without the keys of fields no longer translatable; the same object when it has none. */
export function withoutRetiredTranslations(translations: Translations): Translations {
  const retired = (key: string) => RETIRED_PATTERNS.has(patternOfKey(key));
  if (!Object.values(translations).some((entries) => Object.keys(entries).some(retired))) return translations;
  return Object.fromEntries(Object.entries(translations).map(([language, entries]) => [language, Object.fromEntries(Object.entries(entries).filter(([key]) => !retired(key)))]));
}

/** `boxes[].title` for the path ['boxes', 1, 'title']: the pattern schemaFields writes. */
function patternOf(path: FieldPath): string {
  return path.reduce<string>((pattern, step) => (typeof step === 'number' ? `${pattern}[]` : pattern === '' ? step : `${pattern}.${step}`), '');
}

/** `boxes[].title` for the key `boxes.1700000000.title`, `checkoutSteps[]` for `checkoutSteps.2`. */
export function patternOfKey(key: string): string {
  return patternOf(key.split('.').map((step) => (/^\d+$/.test(step) ? 0 : step)));
}

/** The key of the field at `path` in `content`: a list's item by its `id` when it has one, else by its index. */
function keyOf(content: unknown, path: FieldPath): string {
  const steps: string[] = [];
  let node: unknown = content;
  for (const step of path) {
    node = (node as Record<string | number, unknown> | undefined)?.[step];
    const id = typeof step === 'number' && typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
    steps.push(typeof id === 'number' || typeof id === 'string' ? String(id) : String(step));
  }
  return steps.join('.');
}

/** Markup alone, `&nbsp;` and spaces are no words; a marker is something to translate around. */
function hasWords(text: string): boolean {
  return text.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '' || text.includes('data-marker');
}

/**
 * The translatable fields of `content` (a value of `schema`) that hold text now, in the schema's
 * order, from the fields it declares translatable: an empty field has nothing to translate.
 */
export function translatableFieldsOf(schema: z.ZodType, content: unknown): TranslatableField[] {
  const found: TranslatableField[] = [];
  mapFields(schema, content, (value, at) => {
    const { kind, translatable, byHand = false } = at.declaration;
    if (translatable && (kind === 'plain' || kind === 'richText') && typeof value === 'string' && hasWords(value)) {
      found.push({ key: keyOf(content, at.path), label: fieldLabel(at), kind, text: value, byHand });
    }
    return value;
  });
  return found;
}

/** True for `{}`, without listing the keys. */
function isEmpty(translations: Translations): boolean {
  for (const _ in translations) return false;
  return true;
}

const validatorsOf = new WeakMap<z.ZodType, ReadonlyMap<string, z.ZodType>>();

/** The patterns of the fields `schema` declares translatable, each with its own validator (walked once per schema: the editor checks on every change). */
export function translatableSchemas(schema: z.ZodType): ReadonlyMap<string, z.ZodType> {
  let validators = validatorsOf.get(schema);
  if (!validators) {
    validators = new Map(schemaFields(schema).flatMap((entry) => (entry.declaration?.translatable ? [[entry.path, entry.schema] as const] : [])));
    validatorsOf.set(schema, validators);
  }
  return validators;
}

const MARKER_WORDS: Record<MarkerName, string> = { lockbox: 'door code', address: 'address' };

/** How many of each marker `html` holds, however the tag is written (the sanitiser writes them one way). */
export function markerCounts(html: string): Record<MarkerName, number> {
  const counts: Record<MarkerName, number> = { lockbox: 0, address: 0 };
  for (const match of html.matchAll(/<span\b[^>]*\bdata-marker\s*=\s*["']?(lockbox|address)\b/gi)) counts[match[1]!.toLowerCase() as MarkerName] += 1;
  return counts;
}

/** What is wrong with the markers of a translation of `main`, or null: the same markers, as many of each. */
export function markerProblem(main: string, translation: string): string | null {
  const want = markerCounts(main);
  const have = markerCounts(translation);
  for (const marker of Object.keys(want) as MarkerName[]) {
    const name = MARKER_WORDS[marker];
    if (have[marker] < want[marker]) return want[marker] === 1 ? `must keep the ${name} marker` : `must keep all ${want[marker]} ${name} markers`;
    if (have[marker] > want[marker]) return want[marker] === 0 ? `cannot add a ${name} marker` : `cannot have more ${name} markers than the main text (${want[marker]})`;
  }
  return null;
}

/** "German: the translation of "Check-in step 2 text" must keep the door code marker." */
export function translationMessage(language: string, label: string, problem: string): string {
  return `${languageName(language)}: the translation of "${label}" ${problem}.`;
}

export interface TranslationIssue {
  message: string;
  path: Array<string | number>;
}

/** What zod says about a translation's text checked as the main field is, in the translation's words. */
function textProblem(validator: z.ZodType, text: string): string | null {
  const parsed = validator.safeParse(text);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'too_big') return `can be at most ${String(issue.maximum)} characters`;
  return `is not valid (${issue.message.replace(/\.$/, '')})`;
}

/**
 * Everything wrong with the translations of `content` (a value of `schema` with `language` and
 * `translations`): a language off the list or the main one again, a key naming no translatable
 * field, a text the main field would refuse, a rich text made from the current main text with
 * other markers than it has. A key of a field that is gone or empty now (a step deleted) is not
 * wrong: saving drops it (`keptTranslations`), so deleting a step never blocks a save. Nor is an
 * out-of-date translation's markers: a host changing the main text is not held up by every other
 * language, and a guest page shows the main text while they differ (`translatedContent`).
 */
export function translationIssues(schema: z.ZodType, content: { language: string; translations: Translations }): TranslationIssue[] {
  // No translations (most saves): nothing to check, and no walk of the document.
  if (isEmpty(content.translations)) return [];
  const issues: TranslationIssue[] = [];
  const fields = new Map(translatableFieldsOf(schema, content).map((entry) => [entry.key, entry]));
  const validators = translatableSchemas(schema);
  for (const [language, entries] of Object.entries(content.translations)) {
    const at = (...rest: string[]) => ['translations', language, ...rest];
    if (!isGuidebookLanguage(language)) {
      issues.push({ message: notALanguageMessage(language), path: at() });
      continue;
    }
    if (language === content.language) {
      issues.push({ message: `${languageName(language)} is the guidebook’s main language: it cannot also be a translation.`, path: at() });
      continue;
    }
    for (const [key, { text, source }] of Object.entries(entries)) {
      const current = fields.get(key);
      if (!current) {
        if (!validators.has(patternOfKey(key)) && !RETIRED_PATTERNS.has(patternOfKey(key))) issues.push({ message: notAFieldMessage(language, key), path: at(key) });
        continue;
      }
      // Blank (spaces, an empty paragraph) is no translation: dropped on save, never refused.
      if (!hasWords(text)) continue;
      const problem = textProblem(validators.get(patternOfKey(key))!, text) ?? (current.kind === 'richText' && source === sourceHash(current.text) ? markerProblem(current.text, text) : null);
      if (problem) issues.push({ message: translationMessage(language, current.label, problem), path: at(key, 'text') });
    }
  }
  return issues;
}

/**
 * The translations worth storing: each language's entries of fields that exist and hold text now,
 * with a text (an empty or blank one is no translation), plain texts made single-line and trimmed as the
 * main field's validator makes them. Languages left with nothing go. Run after `translationIssues`
 * found none.
 */
export function keptTranslations(schema: z.ZodType, content: { translations: Translations }): Translations {
  if (isEmpty(content.translations)) return {};
  const fields = new Map(translatableFieldsOf(schema, content).map((entry) => [entry.key, entry]));
  const validators = translatableSchemas(schema);
  const kept: Translations = {};
  for (const [language, entries] of Object.entries(content.translations)) {
    const out: Record<string, Translation> = {};
    for (const [key, entry] of Object.entries(entries)) {
      const current = fields.get(key);
      if (!current || !hasWords(entry.text)) continue;
      const text = current.kind === 'plain' ? String(validators.get(patternOfKey(key))!.parse(entry.text)) : entry.text;
      if (text !== '') out[key] = { ...entry, text };
    }
    if (Object.keys(out).length > 0) kept[language] = out;
  }
  return kept;
}
