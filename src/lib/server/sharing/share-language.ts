import { languageName } from '@shared/languages.ts';
import { messages } from '@shared/messages.ts';
import { offeredLanguages } from '@shared/translations.ts';
import { AppError } from '../http/app-error.ts';

/**
 * `?lang=` of the share dialog's QR code and mail (docs/product/guest-languages.md): null
 * (no parameter) is the link that follows the guest's browser; a language the guidebook offers is
 * that language's link; any other is refused, 400 naming it, rather than handing out a link to a
 * page the host did not mean.
 */
export function shareLanguage(content: Parameters<typeof offeredLanguages>[0], language: string | null): string | null {
  if (language !== null && !offeredLanguages(content).includes(language)) throw new AppError('BAD_REQUEST', messages.sharing.languageNotOffered(languageName(language)));
  return language;
}
