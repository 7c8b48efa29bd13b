import { escapeHtml } from '@shared/escape-html.ts';
import { DEFAULT_GUEST_LANGUAGE, guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import { guidebookLanguageOf } from '@shared/languages.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';

export interface GuestLinkMailInput {
  to: string;
  /** The guidebook's name and the host's, as the host typed them: plain text, never trusted as HTML. */
  guidebookName: string;
  hostName: string;
  url: string;
  /**
   * The language the link opens in (the guidebook's name is already in it): the mail's sentences
   * are the guest dictionary's in it, English for a language it has no words of, and for the link
   * that follows the guest's browser (docs/product/guest-languages.md).
   */
  language?: string;
  /** A stay's mail: greets the guest by name and names the dates (written out by the caller, in `language`). */
  guestName?: string;
  dates?: string;
  /**
   * `reminder`: the reminder before arrival (stays/arrival-reminders.ts), the same mail saying it
   * comes again before check-in, `dates` then the check-in alone.
   */
  kind?: 'link' | 'reminder';
}

/**
 * The mail a host sends a guest from the share dialog. It carries the guidebook's name, the host's
 * name and the link, and nothing else from the guidebook: the Wi-Fi password, the lock-box code and
 * the address stay behind the link, which the host can revoke (regenerate) at any time, whereas a
 * mail cannot be taken back. Every interpolated value is escaped in the HTML part.
 */
export function guestLinkMail({ to, guidebookName, hostName, url, language = DEFAULT_GUEST_LANGUAGE, guestName = '', dates = '', kind = 'link' }: GuestLinkMailInput): MailMessage {
  const words = guestWords(language);
  const name = oneLine(guidebookName) || words['mail.untitled'];
  const host = oneLine(hostName) || words['mail.host'];
  const guest = oneLine(guestName);
  const when = oneLine(dates);
  const reminder = kind === 'reminder';
  const subject = clip(t(words, reminder ? 'mail.reminderSubject' : 'mail.subject', { name }), 150);
  const sentences: MailSentences = {
    subject,
    hello: guest ? t(words, 'mail.helloGuest', { guest }) : words['mail.hello'],
    shared: t(words, reminder ? 'mail.reminder' : 'mail.shared', { host, name }),
    stay: words[reminder ? 'mail.checkIn' : 'mail.stay'],
    open: words['mail.open'],
    anyBrowser: words['mail.anyBrowser'],
    sentBy: t(words, 'mail.sentBy', { product: words['page.product'], host }),
  };
  const text = [
    sentences.hello,
    '',
    sentences.shared,
    ...(when ? ['', `${sentences.stay} ${when}`] : []),
    '',
    sentences.open,
    url,
    '',
    sentences.anyBrowser,
    '',
    `— ${sentences.sentBy}`,
    '',
  ].join('\n');
  // The sentences' language is the dictionary's; the name stays in the guidebook's where they differ (no words of it).
  const nameLang = guidebookLanguageOf(language) ?? words['locale.lang'];
  return { to, subject, text, html: html({ words, sentences, name, nameLang, url, when }) };
}

/** The mail's sentences, filled in, for both parts. */
interface MailSentences {
  subject: string;
  hello: string;
  shared: string;
  stay: string;
  open: string;
  anyBrowser: string;
  sentBy: string;
}

function html({ words, sentences, name, nameLang, url, when }: { words: GuestWords; sentences: MailSentences; name: string; nameLang: string; url: string; when: string }): string {
  const e = { name: escapeHtml(name), url: escapeHtml(url), when: escapeHtml(when) };
  const s = Object.fromEntries(Object.entries(sentences).map(([key, value]) => [key, escapeHtml(value)])) as unknown as MailSentences;
  const lang = escapeHtml(words['locale.lang']);
  const nameAttr = nameLang === words['locale.lang'] ? '' : ` lang="${escapeHtml(nameLang)}"`;
  // Mail clients ignore <style> and external CSS: inline styles and a table keep the layout.
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${s.subject}</title></head>
<body style="margin:0;padding:0;background:#faf8f5;color:#1c1917;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf8f5;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e7e2dc;border-radius:16px;">
<tr><td style="padding:32px 28px;">
<p style="margin:0 0 8px;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#b4460a;">${escapeHtml(words['mail.eyebrow'])}</p>
<h1${nameAttr} style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#1c1917;">${e.name}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#44403c;">${s.hello}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#44403c;">${s.shared}</p>
${e.when ? `<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#1c1917;"><strong>${s.stay}</strong> ${e.when}</p>` : ''}
<p style="margin:0 0 24px;"><a href="${e.url}" style="display:inline-block;background:#b4460a;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:999px;">${s.open}</a></p>
<p style="margin:0 0 4px;font-size:14px;color:#57534e;">${escapeHtml(words['mail.copyLink'])}</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${e.url}" style="color:#b4460a;">${e.url}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e;">${s.anyBrowser}</p>
</td></tr>
</table>
<p style="max-width:520px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#78716c;">${s.sentBy}</p>
</td></tr>
</table>
</body>
</html>`;
}

/** Line breaks and control characters out, so a name stays on one line (and in one header). */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

function clip(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}
