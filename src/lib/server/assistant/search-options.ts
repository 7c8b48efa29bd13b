import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { stemmer as ar } from '@orama/stemmers/arabic';
import { stemmer as bg } from '@orama/stemmers/bulgarian';
import { stemmer as da } from '@orama/stemmers/danish';
import { stemmer as nl } from '@orama/stemmers/dutch';
import { stemmer as en } from '@orama/stemmers/english';
import { stemmer as fi } from '@orama/stemmers/finnish';
import { stemmer as fr } from '@orama/stemmers/french';
import { stemmer as de } from '@orama/stemmers/german';
import { stemmer as el } from '@orama/stemmers/greek';
import { stemmer as hu } from '@orama/stemmers/hungarian';
import { stemmer as it } from '@orama/stemmers/italian';
import { stemmer as lt } from '@orama/stemmers/lithuanian';
import { stemmer as nb } from '@orama/stemmers/norwegian';
import { stemmer as pt } from '@orama/stemmers/portuguese';
import { stemmer as ro } from '@orama/stemmers/romanian';
import { stemmer as sr } from '@orama/stemmers/serbian';
import { stemmer as es } from '@orama/stemmers/spanish';
import { stemmer as sv } from '@orama/stemmers/swedish';
import { stemmer as tr } from '@orama/stemmers/turkish';
import { stemmer as uk } from '@orama/stemmers/ukrainian';
import type { Passage } from './passages.ts';

/**
 * MiniSearch's options for a page language (docs/decisions/031 §4): the same object at build and
 * at load (the library needs both to agree), and the same term processing for a question as for
 * the passages. Bump OPTIONS_VERSION with any change here: the index header carries it, and an
 * index built with other options counts as missing and is built again. Pure.
 */
export const OPTIONS_VERSION = 2;

/** Snowball stemmers (@orama/stemmers) by language; the package's `sk` is Sanskrit, so Slovak has none. */
const STEMMERS: Readonly<Record<string, (word: string) => string>> = { ar, bg, da, nl, en, fi, fr, de, el, hu, it, lt, nb, pt, ro, sr, es, sv, tr, uk };

/** Words a question is made of but no passage is found by, in the ten languages with page words (diacritics removed). */
const STOP_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['a', 'an', 'the', 'is', 'are', 'do', 'does', 'i', 'we', 'my', 'our', 'to', 'of', 'in', 'on', 'at', 'for', 'and', 'or', 'it', 'can', 'what', 'there', 'please', 'how', 'any', 'be', 'you', 'your', 'me', 'this', 'that', 'with', 'which', 'ours', 'us'],
  de: ['der', 'die', 'das', 'den', 'dem', 'ein', 'eine', 'ist', 'sind', 'ich', 'wir', 'mein', 'zu', 'von', 'im', 'in', 'am', 'an', 'fur', 'und', 'oder', 'es', 'kann', 'was', 'gibt', 'bitte', 'wie', 'einen', 'einem', 'einer', 'eines', 'man', 'sie', 'mich', 'mir', 'uns', 'unser', 'unsere', 'darf', 'muss', 'welche', 'welcher', 'welches', 'lautet'],
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'est', 'sont', 'je', 'nous', 'mon', 'de', 'du', 'au', 'a', 'en', 'pour', 'et', 'ou', 'il', 'que', 'quel', 'quelle', 'ya', 'svp', 'comment'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'es', 'son', 'yo', 'mi', 'de', 'del', 'en', 'a', 'al', 'para', 'y', 'o', 'que', 'hay', 'por', 'favor', 'como'],
  it: ['il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'una', 'e', 'sono', 'io', 'mio', 'di', 'del', 'in', 'a', 'per', 'o', 'che', 'ce', 'come'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'e', 'sao', 'eu', 'meu', 'de', 'do', 'da', 'em', 'no', 'na', 'para', 'ou', 'que', 'ha', 'como'],
  nl: ['de', 'het', 'een', 'is', 'zijn', 'ik', 'wij', 'mijn', 'te', 'van', 'in', 'op', 'aan', 'voor', 'en', 'of', 'er', 'wat', 'hoe'],
  hr: ['je', 'su', 'ja', 'mi', 'moj', 'u', 'na', 'za', 'i', 'ili', 'da', 'li', 'sto', 'gdje', 'kako', 'ima'],
  pl: ['jest', 'sa', 'ja', 'my', 'moj', 'w', 'na', 'do', 'z', 'i', 'lub', 'czy', 'co', 'gdzie', 'jak'],
  cs: ['je', 'jsou', 'ja', 'my', 'muj', 'v', 'na', 'do', 'z', 'a', 'nebo', 'co', 'kde', 'jak'],
};

/** Languages written without spaces between words: split by Intl.Segmenter (Node's full ICU). */
const SEGMENTED = new Set(['zh', 'ja', 'ko']);

const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** NFKC, lower case in the language's way, diacritics dropped ("Schlüssel" and "schlussel" meet). */
export function foldTerm(term: string, language: string): string {
  return term
    .normalize('NFKC')
    .toLocaleLowerCase(language === 'tr' ? 'tr' : 'en')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** A term as indexed and searched: folded, a stop word dropped (null), then stemmed where the language has a stemmer. */
export function termProcessor(language: string): (term: string) => string | null {
  const stop = new Set(STOP_WORDS[language] ?? []);
  const stem = STEMMERS[language];
  return (term) => {
    const folded = foldTerm(term, language);
    if (folded === '' || stop.has(folded)) return null;
    return stem ? stem(folded) : folded;
  };
}

function tokenizer(language: string): (text: string) => string[] {
  if (!SEGMENTED.has(language)) return defaultTokenize;
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  return (text) => [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

/**
 * How a question is searched: title first, then the section's words, then the text; prefixes and
 * typos forgiven on longer terms (a typo from 6 characters: at 5, "towel" found "tower" first).
 */
export const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 2, keywords: 1.5, text: 1 },
  prefix: (term) => term.length >= 4,
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
  combineWith: 'OR',
};

/** The options an index of `language` is built and loaded with. */
export function searchOptions(language: string): Options<Passage> {
  return {
    idField: 'id',
    fields: ['title', 'text', 'keywords'],
    storeFields: ['section', 'anchor', 'title', 'text', 'language', 'audience'],
    tokenize: tokenizer(language),
    processTerm: termProcessor(language),
    searchOptions: SEARCH_OPTIONS,
  };
}
