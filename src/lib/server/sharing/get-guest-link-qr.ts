import type { QrFormat } from '@shared/schemas/sharing.ts';
import type { TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { contentDisposition } from './download-name.ts';
import { guestLinkQrFile } from './guest-link-qr.ts';
import { guestUrl } from './guest-url.ts';
import { shareLanguage } from './share-language.ts';

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
 * sharing only hands out that link. With `language` (`?lang=`), the code of that language's page
 * (`/instruction/<token>/<lang>`); a language the guidebook does not offer is a 400.
 */
export async function getGuestLinkQr({ access, id, format, language = null }: { access: TeamScope; id: string; format: QrFormat; language?: string | null }): Promise<GuestLinkQr> {
  const row = await findTeamGuidebook({ access, id });
  const { config } = await getRuntime();
  const content = parseStoredContent(row.data);
  const chosen = shareLanguage(content, language);
  return {
    body: await guestLinkQrFile(guestUrl(config, row.token, chosen), format),
    contentType: CONTENT_TYPES[format],
    // "seaside-cottage-qr-de.png": a host who downloads several languages can tell the files apart.
    contentDisposition: contentDisposition(content.nameInstruction, chosen ? `qr-${chosen}` : 'qr', format),
  };
}
