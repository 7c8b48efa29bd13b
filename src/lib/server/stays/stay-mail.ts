import type { StaysTable } from '@db/schema.ts';
import { formatGuestDateTime, formatGuestStay } from '@shared/guest-dates.ts';
import { guidebookLanguageOf } from '@shared/languages.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { offeredLanguages, translatedContent } from '@shared/translations.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import { guestLinkMail } from '../guidebook/guest-link-mail.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';

export interface StayMailInput {
  to: string;
  /** The guidebook's stored content (parseStoredContent). */
  stored: InstructionContent;
  stay: Pick<StaysTable, 'guest_name' | 'language' | 'check_in' | 'check_out' | 'early_checkin_from' | 'late_checkout_until'>;
  /** The account's name, for a guidebook that names no host. */
  userName: string;
  /** The stay's link (stayUrl). */
  url: string;
  /** `link`: the link and the dates, sent by the host; `reminder`: the reminder before arrival, with the check-in. */
  kind: 'link' | 'reminder';
}

/**
 * A stay's mail with its link, never a secret: a mail cannot be taken back, a stay can be deleted.
 * It speaks the language its link opens in: the stay's when the guidebook offers it, else the
 * main one (load-stay-view.ts); times are the property's, written the way that language does.
 */
export function stayMail({ to, stored, stay, userName, url, kind }: StayMailInput): MailMessage {
  const stayLanguage = guidebookLanguageOf(stay.language);
  const language = stayLanguage !== null && offeredLanguages(stored).includes(stayLanguage) ? stayLanguage : stored.language;
  const content = translatedContent(stored, language).content;
  const times = effectiveStayTimes(stay);
  const dates =
    kind === 'reminder'
      ? formatGuestDateTime(times.checkIn, content.timeZone, language)
      : formatGuestStay(times.checkIn, times.checkOut, content.timeZone, language);
  return guestLinkMail({
    to,
    guidebookName: content.nameInstruction,
    hostName: content.hostName || userName,
    url,
    language,
    guestName: stay.guest_name,
    dates,
    kind,
  });
}
