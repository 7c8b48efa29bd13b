import { speaksLanguage } from '@shared/guest-words/index.ts';
import { guidebookLanguageOf } from '@shared/languages.ts';

/**
 * The language `/instruction/<token>` answers in (docs/product.md "Guest page languages"): the
 * first language of the browser's `Accept-Language`, by q-value, that the guidebook offers; else
 * the first the page has its own words in (the host's texts stay in the main language); null for
 * the main page (the main one picked, none of either, no header). `offered` is the stored page's
 * list, main language first (page-headers.ts), so this never asks the database.
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined, offered: readonly string[] | null | undefined): string | null {
  if (!acceptLanguage || !offered || offered.length === 0) return null;
  const wanted = preferred(acceptLanguage)
    .map(guidebookLanguageOf)
    .filter((language) => language !== null);
  const pick = wanted.find((language) => offered.includes(language)) ?? wanted.find(speaksLanguage);
  return pick === undefined || pick === offered[0] ? null : pick;
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
