import { MAX_RICH, type InstructionContent } from '../../shared/schemas/instruction.ts';
import { AppError } from '../http/app-error.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';

export function cleanRichText(html: string, label: string): string {
  const safe = sanitizeRichText(html);
  // Sanitising adds rel/target to links, so a text at the limit can outgrow it: refuse it now
  // rather than store something the next save would refuse.
  if (safe.length > MAX_RICH) throw new AppError('BAD_REQUEST', `${label} is too long (at most ${MAX_RICH} characters).`);
  return safe;
}

/** The server-only step after the shared schema (STYLE.md 3): every rich-text field sanitised. */
export function cleanInstructionContent(content: InstructionContent): InstructionContent {
  return {
    ...content,
    boxes: content.boxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'A step text') })),
    manualBoxes: content.manualBoxes.map((box) => ({ ...box, paragraph: cleanRichText(box.paragraph, 'An additional info text') })),
    textGreating: cleanRichText(content.textGreating, 'The welcome message'),
  };
}
