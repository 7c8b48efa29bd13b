import { escapeHtml } from '@shared/escape-html.ts';
import { guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '@shared/schemas/instruction.ts';
import { sanitizeRichText } from '../../guidebook/sanitize-rich-text.ts';

/** Lucide's lock (ISC licence), a constant of ours: the gated door code's placeholder. */
const LOCK_ICON = '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect width="18" height="11" x="3" y="11" rx="2" ry="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/></svg>';

/**
 * A step paragraph as stored (sanitised on write, docs/security.md 16) with its markers filled in:
 * the lock-box code as a chip, the address as a link to the map. Both values are plain text
 * from the host, escaped here; an empty value leaves nothing behind.
 *
 * The stored HTML is sanitised once more first. What this server stores now comes back
 * unchanged (sanitising is idempotent), but a row stored before the sanitiser wrote well-formed
 * HTML may hold a bare `<li>` or a stray `</li></ol>`, which would close the guest page's step
 * and add fake ones. No wrapper element could stop that: a browser looks
 * through `<div>`s for the list item to close. The cost is paid once per snapshot, not per visit,
 * and a publish re-renders pages whose other paragraphs did not change: those come from a small
 * cache of cleaned paragraphs.
 */
export function renderParagraph(
  html: string,
  { code, lockedCode = false, address, addressUrl, words = guestWords() }: { code: string; lockedCode?: boolean; address: string; addressUrl: string; words?: GuestWords },
): string {
  // A gated code is not on the page: a padlock link to the access section stands in for it, drawn
  // as a placeholder (outlined, in the page's font), never like the code's own chip.
  const chip = lockedCode ? `<a class="code-chip-locked" href="#access">${LOCK_ICON}${escapeHtml(t(words, 'checkIn.codeChip'))}</a>` : code ? `<strong class="code-chip">${escapeHtml(code)}</strong>` : '';
  const label = escapeHtml(address || t(words, 'address.mapLink'));
  const link = addressUrl
    ? `<a href="${escapeHtml(addressUrl)}" target="_blank" rel="noopener noreferrer">${label}</a>`
    : address
      ? label
      : '';
  return cleanStored(html).split(LOCKBOX_MARKER).join(chip).split(ADDRESS_MARKER).join(link);
}

/** Stored paragraphs and their cleaned form, oldest first, at most CACHE_CHARS characters in all. */
const CACHE_CHARS = 4_000_000;
const cleaned = new Map<string, string>();
let cachedChars = 0;

function cleanStored(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const result = sanitizeRichText(html);
  cleaned.set(html, result);
  cachedChars += html.length + result.length;
  for (const [key, value] of cleaned) {
    if (cachedChars <= CACHE_CHARS) break;
    cleaned.delete(key);
    cachedChars -= key.length + value.length;
  }
  return result;
}
