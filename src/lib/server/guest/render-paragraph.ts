import { escapeHtml } from '@shared/escape-html.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '@shared/schemas/instruction.ts';
import { sanitizeRichText } from '../instructions/sanitize-rich-text.ts';

/**
 * A step paragraph as stored (sanitised on write, SECURITY.md 16) with its markers filled in:
 * the lock-box code as a chip, the address as a link to the map. Both values are plain text
 * from the host, escaped here; an empty value leaves nothing behind.
 *
 * The stored HTML is sanitised once more first. What this server stores now comes back
 * unchanged (sanitising is idempotent), but a row stored before the sanitiser wrote well-formed
 * HTML may hold a bare `<li>` or a stray `</li></ol>`, which would close the guest page's step
 * and add fake ones (issue 11 item 2). No wrapper element could stop that: a browser looks
 * through `<div>`s for the list item to close. The cost is paid once per snapshot, not per visit.
 */
export function renderParagraph(html: string, { code, address, addressUrl }: { code: string; address: string; addressUrl: string }): string {
  const chip = code ? `<strong class="code-chip">${escapeHtml(code)}</strong>` : '';
  const label = escapeHtml(address || 'Open the map');
  const link = addressUrl
    ? `<a href="${escapeHtml(addressUrl)}" target="_blank" rel="noopener noreferrer">${label}</a>`
    : address
      ? label
      : '';
  return sanitizeRichText(html).split(LOCKBOX_MARKER).join(chip).split(ADDRESS_MARKER).join(link);
}
