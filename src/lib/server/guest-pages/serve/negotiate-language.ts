import { speaksLanguage } from '@shared/guest-words/index.ts';
import { guidebookLanguageOf } from '@shared/languages.ts';
import { memoizeHeader } from '../../http/memoize-header.ts';

/**
 * The language `/instruction/<token>` answers in (docs/product/guest-languages.md): the
 * first language of the browser's `Accept-Language`, by q-value, that the guidebook offers; else
 * the first the page has its own words in (the host's texts stay in the main language); null for
 * the main page (the main one picked, none of either, no header). `offered` is the stored page's
 * list, main language first (page-headers.ts), so this never asks the database.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined, offered: readonly string[] | null | undefined): string | null {
  if (!acceptLanguage || !offered || offered.length === 0) return null;
  const wanted = wantedLanguages.of(acceptLanguage);
  const pick = wanted.find((language) => offered.includes(language)) ?? wanted.find(speaksLanguage);
  return pick === undefined || pick === offered[0] ? null : pick;
}

/**
 * The guidebook languages of an Accept-Language header, most wanted first. Parsing a header cost
 * the guest page's fast path 1.5 µs, three times the rest of its own work (docs/performance.md,
 * "Guest page against node:http"), and browsers send few distinct ones: each is parsed once (one
 * longer than any browser's, 256 characters, every time).
 */
const wantedLanguages = memoizeHeader(
  (header): readonly string[] =>
    preferred(header)
      .map(guidebookLanguageOf)
      .filter((language) => language !== null),
  { max: 256, maxLength: 256 },
);

/**
 * The language a stored page is in, from its key's variant and the guidebook's languages (main
 * first): the variant when the guidebook offers it or the page has words in it, else the main one,
 * as load-guest-page.ts renders it.
 */
export function servedLanguage(variant: string | null, offered: readonly string[] | null | undefined): string {
  const main = offered?.[0] ?? 'en';
  return variant !== null && (offered?.includes(variant) || speaksLanguage(variant)) ? variant : main;
}

/** The tags of an Accept-Language header, most wanted first (ties keep their order), q=0 and `*` left out. */
function preferred(header: string): string[] {
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
