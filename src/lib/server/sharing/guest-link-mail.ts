import { escapeHtml } from '@shared/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface GuestLinkMailInput {
  to: string;
  /** The guidebook's name and the host's, as the host typed them: plain text, never trusted as HTML. */
  guidebookName: string;
  hostName: string;
  url: string;
  /** A stay's mail: greets the guest by name and names the dates. */
  guestName?: string;
  dates?: string;
}

/**
 * The mail a host sends a guest from the share dialog. It carries the guidebook's name, the host's
 * name and the link, and nothing else from the guidebook: the Wi-Fi password, the lock-box code and
 * the address stay behind the link, which the host can revoke (regenerate) at any time, whereas a
 * mail cannot be taken back. Every interpolated value is escaped in the HTML part.
 */
export function guestLinkMail({ to, guidebookName, hostName, url, guestName = '', dates = '' }: GuestLinkMailInput): MailMessage {
  const name = oneLine(guidebookName) || 'your stay';
  const host = oneLine(hostName) || 'Your host';
  const guest = oneLine(guestName);
  const when = oneLine(dates);
  const subject = clip(`Your guidebook for ${name}`, 150);
  const text = [
    guest ? `Hello ${guest},` : 'Hello,',
    '',
    `${host} has shared the guidebook for ${name} with you: check-in steps, Wi-Fi, house rules and local tips in one place.`,
    ...(when ? ['', `Your stay: ${when}`] : []),
    '',
    'Open your guidebook:',
    url,
    '',
    'It opens in any browser, no app needed. Keep this email handy for your stay.',
    '',
    `— Sent by Porchlight on behalf of ${host}. If you were not expecting this email, you can ignore it.`,
    '',
  ].join('\n');
  return { to, subject, text, html: html({ name, host, url, when }) };
}

function html({ name, host, url, when }: { name: string; host: string; url: string; when: string }): string {
  const e = { name: escapeHtml(name), host: escapeHtml(host), url: escapeHtml(url), when: escapeHtml(when) };
  // Mail clients ignore <style> and external CSS: inline styles and a table keep the layout.
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your guidebook for ${e.name}</title></head>
<body style="margin:0;padding:0;background:#faf8f5;color:#1c1917;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf8f5;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e7e2dc;border-radius:16px;">
<tr><td style="padding:32px 28px;">
<p style="margin:0 0 8px;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#b4460a;">Your guidebook</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#1c1917;">${e.name}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#44403c;">${e.host} has shared the guidebook for your stay with you: check-in steps, Wi-Fi, house rules and local tips in one place.</p>
${e.when ? `<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#1c1917;"><strong>Your stay:</strong> ${e.when}</p>` : ''}
<p style="margin:0 0 24px;"><a href="${e.url}" style="display:inline-block;background:#b4460a;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:999px;">Open your guidebook</a></p>
<p style="margin:0 0 4px;font-size:14px;color:#57534e;">Or copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${e.url}" style="color:#b4460a;">${e.url}</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e;">It opens in any browser, no app needed. Keep this email handy for your stay.</p>
</td></tr>
</table>
<p style="max-width:520px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#78716c;">Sent by Porchlight on behalf of ${e.host}. If you were not expecting this email, you can ignore it.</p>
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
