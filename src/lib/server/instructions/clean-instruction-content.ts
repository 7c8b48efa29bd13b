import type { z } from 'zod';
import { fieldName, fieldValues, mapFields } from '@shared/schemas/field-kinds.ts';
import { instructionContentSchema, MAX_RICH, type InstructionContent } from '@shared/schemas/instruction.ts';
import { AppError } from '../http/app-error.ts';
import { assertMayReferenceImage, mayReferenceImage } from '../uploads/may-reference-image.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';

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

/** Every rich-text string of a stored guidebook (see `stored` above): each field declared `richText`. */
export function storedRichTexts(content: InstructionContent): Set<string> {
  return new Set(fieldValues(instructionContentSchema, content, ['richText']).flatMap(({ value }) => (typeof value === 'string' ? [value] : [])));
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
 * The server-only step after the shared schema (docs/style.md 3): every image the host's own or the
 * product's (422 otherwise, docs/security.md 30), every rich-text field sanitised. Both follow the
 * kinds the schema declares (docs/style.md 16), so a new image or rich-text field is covered.
 */
export function cleanInstructionContent({ content, userId, stored }: { content: InstructionContent; userId: string; stored?: ReadonlySet<string> }): InstructionContent {
  for (const image of imagesOf(content)) {
    if (typeof image.value === 'string') assertMayReferenceImage({ userId, path: image.value, field: fieldName(image) });
  }
  return cleanRichTextFields(instructionContentSchema, content, stored);
}

/**
 * A stored guidebook with every image that is not the host's to use emptied: what a copy of it
 * keeps. Only guidebooks saved before docs/security.md 30 can hold one, and their copy should not
 * fail for it.
 */
export function withoutForeignImages(content: InstructionContent, userId: string): InstructionContent {
  return mapFields(instructionContentSchema, content, (path, at) => (at.declaration.kind === 'image' && typeof path === 'string' && !mayReferenceImage(userId, path) ? '' : path));
}
