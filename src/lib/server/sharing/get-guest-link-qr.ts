import type { QrFormat } from '@shared/schemas/sharing.ts';
import { findOwnedInstruction } from '../instructions/find-owned-instruction.ts';
import { parseStoredContent } from '../instructions/instruction-row.ts';
import { getRuntime } from '../runtime.ts';
import { contentDisposition } from './download-name.ts';
import { guestLinkQrFile } from './guest-link-qr.ts';
import { guestUrl } from './guest-url.ts';

const CONTENT_TYPES: Record<QrFormat, string> = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' };

export interface GuestLinkQr {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  contentDisposition: string;
}

/**
 * GET /api/instruction/:id/qr: the QR code of the guest link as a file named after the guidebook.
 * Owner only (someone else's id reads as missing, 404). A guidebook locked by the owner's plan
 * still gets its code: its guest link keeps working (the guest page does not check the plan), and
 * sharing only hands out that link.
 */
export async function getGuestLinkQr({ userId, id, format }: { userId: string; id: string; format: QrFormat }): Promise<GuestLinkQr> {
  const row = await findOwnedInstruction({ userId, id });
  const { config } = await getRuntime();
  const { nameInstruction } = parseStoredContent(row.data);
  return {
    body: await guestLinkQrFile(guestUrl(config, row.token), format),
    contentType: CONTENT_TYPES[format],
    contentDisposition: contentDisposition(nameInstruction, 'qr', format),
  };
}
