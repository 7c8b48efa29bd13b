import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import type { RuleAudience } from '@shared/channels.ts';
import type { Passage } from './passages.ts';
import { searchOptions } from './search-options.ts';

/**
 * A question → the best passages of a page's index, and whether they are good enough to answer
 * with (docs/decisions/031 §5). Pure: the index is given.
 */

/**
 * The per-term score a best passage needs, per language: calibrated on the question set
 * (tests/fixtures/assistant/questions.json) as the lowest that leaves at most one of a language's
 * unanswerable questions answered; tests/assistant-questions.test.ts recomputes them and fails when
 * a change to the options, the stemmers or the keywords moved them (recalibrate in that commit).
 */
export const THRESHOLDS: Readonly<Record<string, number>> = { en: 1.72, de: 1.16 };

/** Languages without a question set take the highest: more "ask your host", fewer wrong answers. */
export const DEFAULT_THRESHOLD = Math.max(...Object.values(THRESHOLDS));

export function thresholdOf(language: string): number {
  return THRESHOLDS[language] ?? DEFAULT_THRESHOLD;
}

/** Passages shown or sent at most, and from at most this many sections. */
const MAX_KEPT = 3;
const MAX_SECTIONS = 2;
/** A passage is kept beside the best while its score is at least this share of the best's. */
const NEAR_BEST = 0.6;

/** A kept passage: its stored fields. */
export type Found = Pick<Passage, 'id' | 'section' | 'anchor' | 'title' | 'text' | 'language'>;

export interface Retrieval {
  /** The kept passages, best first (empty when nothing matched). */
  passages: Found[];
  /** The best passage's score per distinct question term (0 when nothing matched). */
  perTerm: number;
  /** The threshold it was held to. */
  threshold: number;
  /** perTerm reached the threshold. */
  good: boolean;
}


/** The question's distinct terms as the index processes them (stop words gone, stems). */
export function questionTerms(question: string, language: string): string[] {
  const { tokenize, processTerm } = searchOptions(language);
  const terms = tokenize!(question).flatMap((token) => {
    const processed = processTerm!(token);
    return processed === null || processed === undefined || processed === false ? [] : Array.isArray(processed) ? processed : [processed];
  });
  return [...new Set(terms.filter(Boolean))];
}

/**
 * Matched in the title or the text, or, for a question whose every term named the section (its
 * keywords: "wifi?", "WLAN"), in the keywords alone: a passage is not found by a section's words
 * when the question asked something more.
 */
function counts(result: SearchResult, terms: readonly string[]): boolean {
  const fields = Object.values(result.match as Record<string, string[]>).flat();
  if (fields.some((field) => field === 'title' || field === 'text')) return true;
  return result.terms.length >= terms.length;
}

/**
 * The best passages for `question` among those `audience` is shown (`link`: the public link; a
 * stay's channel), with the verdict against the language's threshold (`threshold`, given by the
 * calibration test; the constant otherwise).
 */
export function retrieve(index: MiniSearch<Passage>, question: string, language: string, audience: RuleAudience, threshold = thresholdOf(language)): Retrieval {
  const terms = questionTerms(question, language);
  const nothing: Retrieval = { passages: [], perTerm: 0, threshold, good: false };
  if (terms.length === 0) return nothing;
  const shown = (result: Record<string, unknown>) => result['audience'] === 'all' || (Array.isArray(result['audience']) && result['audience'].includes(audience));
  const results = index.search(question, { filter: shown }).filter((result) => counts(result, terms));
  const best = results[0];
  if (!best) return nothing;
  const perTerm = best.score / terms.length;
  const sections = new Set<string>();
  const passages: Found[] = [];
  for (const result of results) {
    if (passages.length === MAX_KEPT || result.score < best.score * NEAR_BEST) break;
    if (!sections.has(result['section'] as string) && sections.size === MAX_SECTIONS) continue;
    sections.add(result['section'] as string);
    passages.push({ id: String(result.id), section: result['section'], anchor: result['anchor'], title: result['title'], text: result['text'], language: result['language'] } as Found);
  }
  return { passages, perTerm, threshold, good: perTerm >= threshold };
}
