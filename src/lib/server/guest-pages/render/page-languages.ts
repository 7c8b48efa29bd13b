import { speaksLanguage } from '@shared/guest-words/index.ts';
import { guestPageKey, guestPagePath, type PageLanguage } from '@shared/guest-page-key.ts';
import { nativeName } from '@shared/languages.ts';
import type { GuestPage, GuestStay } from './guest-page-model.ts';

/** Whether a page can be in `language`: the guidebook offers it, or the page's own words exist in it. */
export function pageSpeaks(language: string, offered: readonly string[]): boolean {
  return offered.includes(language) || speaksLanguage(language);
}

/**
 * The page of each offered language: `/instruction/<token>/<lang>` (docs/decisions/022), on a
 * stay link `/stay/<token>?lang=<lang>` (its page is rendered per request, never a variant).
 * A page in a language the guidebook does not offer (its words only) lists itself last, so its
 * menu shows where the guest is and leads back to the host's languages.
 */
export function languageLinks(language: string, languages: readonly string[], appUrl: URL, token: string, stay: GuestStay | null): Pick<GuestPage, 'alternates' | 'xDefault' | 'ogLocale'> {
  const path = (variant: string | null) =>
    stay ? `/stay/${encodeURIComponent(stay.token)}${variant ? `?lang=${variant}` : ''}` : guestPagePath(guestPageKey(token, variant as PageLanguage | null));
  return {
    alternates: (languages.includes(language) ? languages : [...languages, language]).map((tag) => ({ language: tag, name: nativeName(tag), href: new URL(path(tag), appUrl).href, path: path(tag), ogLocale: ogLocaleOf(tag) })),
    xDefault: new URL(path(null), appUrl).href,
    ogLocale: ogLocaleOf(language),
  };
}

/** Each language's Open Graph locale, found once per process: `Intl.Locale#maximize` took about 0.25 ms a render (a CPU profile of the render worker). */
const ogLocales = new Map<string, string>();

/** Open Graph's `language_TERRITORY` for a language, its likeliest territory ("de" → de_DE, "en" → en_US). */
function ogLocaleOf(tag: string): string {
  let locale = ogLocales.get(tag);
  if (locale === undefined) {
    const region = new Intl.Locale(tag).maximize().region;
    ogLocales.set(tag, (locale = region ? `${tag}_${region}` : tag));
  }
  return locale;
}
