import { z } from 'zod';
import type { AskSection } from '../guest-words/ask-words.ts';
import { askAnswerWords, fillAnswer } from '../guest-words/ask-answer-words.ts';

/**
 * "Ask the guidebook" (docs/decisions/031 §9, §10): POST /api/guest/:token/ask `{ question }` and
 * its answer. Shared by the route and the guest page's box.
 */

/** A question's most characters, after cleaning. */
export const ASK_QUESTION_MAX = 300;

/** The request body's most bytes: a question of 300 characters in any script, in JSON, fits. */
export const ASK_BODY_LIMIT = 2048;

/** Where an answer points: a page section, or `access` (the door code and Wi-Fi card) for a question about a secret. */
export type AskAnswerSection = AskSection | 'access';

/** A place on the page an answer comes from; the box links it as `#<anchor>`. */
export interface AskSource {
  section: AskAnswerSection;
  anchor: string;
  title: string;
}

/** `passages`: from the page's text; `secret`: where the page shows a secret; `none`: handed over to the host; `model`: written by a model from the sources (the box labels it machine-written). */
export type AskKind = 'passages' | 'secret' | 'none' | 'model';

export interface AskAnswer {
  answer: string;
  sources: AskSource[];
  handedOver: boolean;
  kind: AskKind;
}

/** The question as kept: control characters and unpaired surrogates gone, white space collapsed, trimmed. */
export function cleanQuestion(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\x00-\x1f\x7f-\x9f]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const schemas = new Map<string, z.ZodType<{ question: string }>>();

/** `{ question }`: 1 to ASK_QUESTION_MAX characters once cleaned; its errors in the page language's words. */
export function askQuestionSchema(language: string): z.ZodType<{ question: string }> {
  const words = askAnswerWords(language);
  let schema = schemas.get(words.questionEmpty);
  if (!schema) {
    schema = z.object(
      {
        question: z
          .string({ error: words.questionEmpty })
          .transform(cleanQuestion)
          .pipe(z.string().min(1, words.questionEmpty).max(ASK_QUESTION_MAX, fillAnswer(words.questionTooLong, { max: String(ASK_QUESTION_MAX) }))),
      },
      { error: words.questionEmpty },
    );
    schemas.set(words.questionEmpty, schema);
  }
  return schema;
}
