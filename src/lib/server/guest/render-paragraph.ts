import { escapeHtml } from '@shared/escape-html.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '@shared/schemas/instruction.ts';

/**
 * A step paragraph as stored (sanitised on write, SECURITY.md 16) with its markers filled in:
 * the lock-box code as a chip, the address as a link to the map. Both values are plain text
 * from the host, escaped here; an empty value leaves nothing behind.
 */
export function renderParagraph(html: string, { code, address, addressUrl }: { code: string; address: string; addressUrl: string }): string {
  const chip = code ? `<strong class="code-chip">${escapeHtml(code)}</strong>` : '';
  const label = escapeHtml(address || 'Open the map');
  const link = addressUrl
    ? `<a href="${escapeHtml(addressUrl)}" target="_blank" rel="noopener noreferrer">${label}</a>`
    : address
      ? label
      : '';
  return html.split(LOCKBOX_MARKER).join(chip).split(ADDRESS_MARKER).join(link);
}
