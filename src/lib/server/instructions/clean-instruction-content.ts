import type { z } from 'zod';
import { fieldName, fieldValues, mapFields } from '@shared/schemas/field-kinds.ts';
import { instructionContentSchema, keptTranslations, markerProblem, MAX_RICH, sourceHash, translationMessage, type InstructionContent, type Translations } from '@shared/schemas/instruction.ts';
import { languageName } from '@shared/languages.ts';
import { parseMapCoordinates } from '@shared/map-coordinates.ts';
import { translatableFields } from '@shared/translations.ts';
import { AppError } from '../http/app-error.ts';
import { assertMayReferenceImage, mayReferenceImage } from '../uploads/may-reference-image.ts';
import { sanitizeRichText } from '../guidebook/sanitize-rich-text.ts';

/**
 * Sanitises one rich-text field. `stored` holds HTML this server already sanitised and stored:
 * a string found there is its own sanitised form (sanitising is idempotent, tests check it) and
 * is kept as is. The editor sends every step back on each save, and sanitize-html costs about a
 * millisecond per paragraph, so a 30-step save only pays for the steps that changed.
 */
export function cleanRichText(html: string, label: string, stored?: ReadonlySet<string>): string {
  if (stored?.has(html)) return html;
  const safe = sanitizeRichText(html);
  // Sanitising adds rel/target to links, so a text at the limit can outgrow it: refuse it now
  // rather than store something the next save would refuse.
  if (safe.length > MAX_RICH) throw new AppError('BAD_REQUEST', `${label} is too long (at most ${MAX_RICH} characters).`);
  return safe;
}

/** Every rich-text string of a stored guidebook (see `stored` above): each field declared `richText`, and their translations. */
export function storedRichTexts(content: InstructionContent): Set<string> {
  const texts = fieldValues(instructionContentSchema, content, ['richText']).flatMap(({ value }) => (typeof value === 'string' ? [value] : []));
  const rich = new Set(translatableFields(content).flatMap((field) => (field.kind === 'richText' ? [field.key] : [])));
  for (const entries of Object.values(content.translations ?? {})) {
    for (const [key, entry] of Object.entries(entries)) if (rich.has(key)) texts.push(entry.text);
  }
  return new Set(texts);
}

/**
 * `value` (a value of `schema`: a guidebook's content, the Auto-Fill settings) with every field
 * declared `richText` sanitised (docs/security.md 16), each one's messages naming it as declared.
 */
export function cleanRichTextFields<T>(schema: z.ZodType, value: T, stored?: ReadonlySet<string>): T {
  return mapFields(schema, value, (html, at) => (at.declaration.kind === 'richText' && typeof html === 'string' ? cleanRichText(html, fieldName(at), stored) : html));
}

/**
 * Every field declared `image` in a guidebook, the guidebook's own (host picture, cover photo)
 * before those inside its lists: the order the check had before the kinds were declared, so with
 * two foreign images the message still names the same one.
 */
function imagesOf(content: InstructionContent) {
  return fieldValues(instructionContentSchema, content, ['image']).sort((a, b) => a.path.length - b.path.length);
}

/**
 * A place whose map link spells its point keeps that point (docs/product/places.md), whatever the
 * body says: it is the point the map API answers for that link, and the walk guests read needs
 * it even when the address lookup after it failed and an editor sent none. Read from the link
 * alone, with no network; a short link's point is the one the editor resolved.
 */
function placesAtTheirLinks(places: InstructionContent['places']): InstructionContent['places'] {
  return places.map((place) => {
    const point = place.mapUrl ? parseMapCoordinates(place.mapUrl) : null;
    return point && (point.lat !== place.lat || point.lng !== place.lng) ? { ...place, lat: point.lat, lng: point.lng } : place;
  });
}

/**
 * The server-only step after the shared schema (docs/style.md 3): every image the host's own or the
 * product's (422 otherwise, docs/security.md 30), every rich-text field sanitised. Both follow the
 * kinds the schema declares (docs/style.md 16), so a new image or rich-text field is covered. Each
 * place's point follows its map link.
 */
export function cleanInstructionContent({ content, teamId, stored }: { content: InstructionContent; teamId: string; stored?: ReadonlySet<string> }): InstructionContent {
  for (const image of imagesOf(content)) {
    if (typeof image.value === 'string') assertMayReferenceImage({ space: teamId, path: image.value, field: fieldName(image) });
  }
  const cleaned = cleanRichTextFields(instructionContentSchema, content, stored);
  return { ...cleaned, places: placesAtTheirLinks(cleaned.places), translations: cleanTranslations(content, cleaned, stored) };
}

/**
 * The translations to store (docs/decisions/021): those of fields gone or empty dropped, plain
 * ones single-line, rich ones sanitised exactly as the main text, then their markers checked again
 * (sanitising may drop a marker written oddly) against the sanitised main text: 400 naming the
 * language and the field. A translation made from the text as sent (`source`) is made from the
 * text as stored, so it is not out of date the moment it is saved.
 */
function cleanTranslations(sent: InstructionContent, cleaned: InstructionContent, stored?: ReadonlySet<string>): Translations {
  // None sent (most saves): none kept, and no walk of either document.
  if (Object.keys(sent.translations).length === 0) return {};
  const sentTexts = new Map(translatableFields(sent).map((field) => [field.key, field.text]));
  const fields = new Map(translatableFields(cleaned).map((field) => [field.key, field]));
  const kept = keptTranslations(instructionContentSchema, { ...cleaned, translations: sent.translations });
  const out: Translations = {};
  for (const [language, entries] of Object.entries(kept)) {
    for (const [key, entry] of Object.entries(entries)) {
      const field = fields.get(key)!;
      const name = `${languageName(language)}: the translation of "${field.label}"`;
      const text = field.kind === 'richText' ? cleanRichText(entry.text, name, stored) : entry.text;
      if (text === '') continue;
      const source = entry.source === sourceHash(sentTexts.get(key) ?? '') ? sourceHash(field.text) : entry.source;
      const problem = field.kind === 'richText' && source === sourceHash(field.text) ? markerProblem(field.text, text) : null;
      if (problem) throw new AppError('BAD_REQUEST', translationMessage(language, field.label, problem));
      (out[language] ??= {})[key] = { ...entry, text, source };
    }
  }
  return out;
}

/**
 * A stored guidebook with every image that is not the host's to use emptied: what a copy of it
 * keeps. Only guidebooks saved before docs/security.md 30 can hold one, and their copy should not
 * fail for it.
 */
export function withoutForeignImages(content: InstructionContent, teamId: string): InstructionContent {
  return mapFields(instructionContentSchema, content, (path, at) => (at.declaration.kind === 'image' && typeof path === 'string' && !mayReferenceImage(teamId, path) ? '' : path));
}
