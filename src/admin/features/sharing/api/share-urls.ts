import type { QrFormat } from '../../../../lib/shared/schemas/sharing.ts';

/**
 * Where the sharing features live, one place for the options panel, the editor and the share
 * dialog. The server builds the same guest link from APP_URL for QR codes, posters and mails;
 * the dashboard runs on that origin.
 */

/** The public guest link of a guidebook (SPEC §2 route /instruction/:token). */
export function guestLink(token: string): string {
  return `${window.location.origin}/instruction/${encodeURIComponent(token)}`;
}

/** GET /api/instruction/:id/qr?format=…: the QR code of the guest link as a download. */
export function qrDownloadUrl(id: string, format: QrFormat): string {
  return `/api/instruction/${encodeURIComponent(id)}/qr?format=${format}`;
}

/** The printable poster (an Astro page of its own, opened in a new tab). */
export function posterUrl(id: string): string {
  return `/dashboard/poster/${encodeURIComponent(id)}`;
}
