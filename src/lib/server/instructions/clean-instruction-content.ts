import { MAX_RICH, type InstructionContent } from '@shared/schemas/instruction.ts';
import { AppError } from '../http/app-error.ts';
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

/** The server-only step after the shared schema (STYLE.md 3): every rich-text field sanitised. */
export function cleanInstructionContent(content: InstructionContent, stored?: ReadonlySet<string>): InstructionContent {
  return {
    ...content,
    boxes: content.boxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'A step text', stored) })),
    manualBoxes: content.manualBoxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'An additional info text', stored) })),
    textGreating: cleanRichText(content.textGreating, 'The welcome message', stored),
  };
}
