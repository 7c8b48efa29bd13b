import { fillAnswer, type AskAnswerWords } from '@shared/guest-words/ask-answer-words.ts';
import type { AskSource } from '@shared/schemas/guest-ask.ts';
import type { Found } from './retrieve.ts';

/**
 * The answer without a model (docs/decisions/031 §6): the kept passages, at most two, each as
 * "From {title}: {text}" in the page's words, its text cut at a word boundary; the passage's own
 * text stays in its language. Pure.
 */

/** Passages an embedded answer shows at most. */
const SHOWN = 2;
/** A passage's text's most characters in an answer, "…" included. */
const TEXT_MAX = 280;

/** `text` on one line, cut at a word boundary to at most TEXT_MAX characters with "…". */
export function cutText(text: string, max = TEXT_MAX): string {
  const line = text.replace(/\s*\n\s*/g, '. ').replace(/\.\.\s/g, '. ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= max) return line;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,;:.]+$/, '')}…`;
}

/** The passages' source: where on the page the box links. */
export function sourceOf(passage: Pick<Found, 'section' | 'anchor' | 'title'>): AskSource {
  return { section: passage.section, anchor: passage.anchor, title: passage.title };
}

export function embeddedAnswer(passages: readonly Found[], words: AskAnswerWords): { answer: string; sources: AskSource[] } {
  const shown = passages.slice(0, SHOWN);
  return {
    answer: shown.map((passage) => fillAnswer(words.from, { title: passage.title, text: cutText(passage.text) })).join('\n'),
    sources: shown.map(sourceOf),
  };
}
