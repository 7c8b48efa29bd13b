import { guestPageKey, guestPagePath, PAGE_LANGUAGES, type PageLanguage } from '@shared/guest-page-key.ts';
import type { Config } from '../platform/config.ts';

/**
 * The public link of a guidebook (docs/product.md §2 `/instruction/:token`), built from APP_URL, never from
 * the request's Host header: it goes into QR codes, posters and mails that outlive the request.
 */
export function guestUrl(config: Pick<Config, 'appUrl'>, token: string, language: string | null = null): string {
  // In a language: `/instruction/<token>/<lang>` (docs/decisions/022); else the link that follows the guest's browser.
  const variant = language && PAGE_LANGUAGES.includes(language as PageLanguage) ? (language as PageLanguage) : null;
  return new URL(guestPagePath(guestPageKey(token, variant)), config.appUrl).href;
}
