import { toast } from 'sonner';
import { guestPageKey, guestPagePath as pagePath, type PageLanguage } from '@shared/guest-page-key.ts';
import { messages } from '@shared/messages.ts';
import type { QrFormat } from '@shared/schemas/sharing.ts';

/**
 * Where a guidebook is found, one place for the options panel, the editor and the share dialog.
 * The server builds the same guest link from APP_URL for QR codes, posters and mails; the
 * dashboard runs on that origin.
 */

/**
 * The guest page of a guidebook (docs/product.md §2 route /instruction/:token), as a same-origin
 * path; in one of its languages, `/instruction/:token/:lang` (docs/product/guest-languages.md).
 */
export function guestPagePath(token: string, language: string | null = null): string {
  return pagePath(guestPageKey(token, language as PageLanguage | null));
}

/** The public guest link of a guidebook, to copy or hand out; without a language it follows the guest's browser. */
export function guestLink(token: string, language: string | null = null): string {
  return `${window.location.origin}${guestPagePath(token, language)}`;
}

/** `?lang=` (or `&lang=`) of a share in one language, or nothing for the link that follows the guest's browser. */
function langParam(language: string | null, separator: '?' | '&'): string {
  return language ? `${separator}lang=${encodeURIComponent(language)}` : '';
}

/** GET /api/instruction/:id/qr?format=…[&lang=…]: the QR code of the guest link as a download. */
export function qrDownloadUrl(id: string, format: QrFormat, language: string | null = null): string {
  return `/api/instruction/${encodeURIComponent(id)}/qr?format=${format}${langParam(language, '&')}`;
}

/** The printable poster (an Astro page of its own, opened in a new tab), `?lang=` in one language. */
export function posterUrl(id: string, language: string | null = null): string {
  return `/dashboard/poster/${encodeURIComponent(id)}${langParam(language, '?')}`;
}

/** POST /api/instruction/:id/share[?lang=…]: where the guest link is mailed from. */
export function shareMailUrl(id: string, language: string | null = null): string {
  return `/api/instruction/${encodeURIComponent(id)}/share${langParam(language, '?')}`;
}

/**
 * Copies a link with the toast of docs/product.md §8 ("Link copied successfully"). Without clipboard access
 * (permission refused, insecure origin) the link is shown to copy by hand.
 */
export async function copyLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(messages.instruction.linkCopied);
    return true;
  } catch {
    toast.message(link, { description: messages.sharing.clipboardBlocked });
    return false;
  }
}

/** Copies the guest link of a guidebook (see `copyLink`). */
export function copyGuestLink(token: string): Promise<boolean> {
  return copyLink(guestLink(token));
}
