/** The guidebook's contact fields (WhatsApp, Viber, Telegram, Facebook, Instagram). */
import { z } from 'zod';
import { contactLink, type ContactKind } from '../../contact-links.ts';
import { messages } from '../../messages.ts';
import { isAllowedUrl, MAX_URL, VIBER_SCHEMES } from './fields.ts';

/**
 * '' or a contact channel as the host types it (a number, a handle) or as a link to that service;
 * what is stored is the link (contact-links.ts), so older clients that send links keep working.
 * The link passes the same `isAllowedUrl` check as every other link field.
 */
export function contactField(kind: ContactKind, label: string) {
  const schemes = kind === 'viber' ? VIBER_SCHEMES : ['https:'];
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MAX_URL, `${label} can be at most ${MAX_URL} characters.`)
    .transform((typed, ctx) => {
      const result = contactLink(kind, typed);
      // Belt and braces: the link passes the check every link field passes; encoding may lengthen it.
      const message = !result.ok
        ? result.message
        : result.link.length > MAX_URL
          ? `${label} can be at most ${MAX_URL} characters.`
          : result.link !== '' && !isAllowedUrl(result.link, schemes)
            ? messages.contactLinks[kind]
            : null;
      if (result.ok && message === null) return result.link;
      ctx.issues.push({ code: 'custom', input: typed, message: message ?? messages.contactLinks[kind] });
      return z.NEVER;
    });
}
