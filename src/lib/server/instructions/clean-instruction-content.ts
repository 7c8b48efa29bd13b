import { MAX_RICH, type InstructionContent } from '@shared/schemas/instruction.ts';
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

/** Every rich-text string of a stored guidebook (see `stored` above). */
export function storedRichTexts(content: InstructionContent): Set<string> {
  return new Set([...content.boxes.map((box) => box.paragraph), ...content.manualBoxes.map((box) => box.paragraph), content.textGreating]);
}

/** Each image of a guidebook through `map`, with the name a message gives its field. */
function mapImages(content: InstructionContent, map: (path: string, field: string) => string): InstructionContent {
  return {
    ...content,
    photoGreating: map(content.photoGreating, 'The host picture'),
    coverImage: map(content.coverImage, 'The cover photo'),
    boxes: content.boxes.map((box, i) => ({ ...box, imageUrl: map(box.imageUrl, `The image of check-in step ${i + 1}`) })),
    manualBoxes: content.manualBoxes.map((box, i) => ({ ...box, imageUrl: map(box.imageUrl, `The image of additional info ${i + 1}`) })),
  };
}

/**
 * The server-only step after the shared schema (docs/style.md 3): every image the host's own or the
 * product's (422 otherwise, docs/security.md 30), every rich-text field sanitised.
 */
export function cleanInstructionContent({ content, userId, stored }: { content: InstructionContent; userId: string; stored?: ReadonlySet<string> }): InstructionContent {
  const checked = mapImages(content, (path, field) => {
    assertMayReferenceImage({ userId, path, field });
    return path;
  });
  return {
    ...checked,
    boxes: checked.boxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'A step text', stored) })),
    manualBoxes: checked.manualBoxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'An additional info text', stored) })),
    textGreating: cleanRichText(checked.textGreating, 'The welcome message', stored),
  };
}

/**
 * A stored guidebook with every image that is not the host's to use emptied: what a copy of it
 * keeps. Only guidebooks saved before docs/security.md 30 can hold one, and their copy should not
 * fail for it.
 */
export function withoutForeignImages(content: InstructionContent, userId: string): InstructionContent {
  return mapImages(content, (path) => (mayReferenceImage(userId, path) ? path : ''));
}
