import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle } from '@server/http/json.ts';
import { contentDisposition } from '@server/sharing/download-name.ts';
import { guestLinkQrFile } from '@server/sharing/guest-link-qr.ts';
import { getStay } from '@server/stays/read-stays.ts';
import { messages } from '@shared/messages.ts';
import { isQrFormat, type QrFormat } from '@shared/schemas/sharing.ts';

const CONTENT_TYPES: Record<QrFormat, string> = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' };

/**
 * GET /api/instruction/:id/stays/:stayId/qr?format=png|svg (owner only; png when no format is
 * given): the QR code of one stay's link, as /api/instruction/:id/qr is of the guidebook's.
 * Another host's guidebook reads as missing (404); an unknown stay answers "Stay not found", 404.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'stays.link', context.params.id ?? '');
  const format = context.url.searchParams.get('format') ?? 'png';
  if (!isQrFormat(format)) throw new AppError('BAD_REQUEST', messages.sharing.formatInvalid);
  const stay = await getStay({ access, id: context.params.id ?? '', stayId: context.params.stayId ?? '' });
  const body = await guestLinkQrFile(stay.url, format);
  return new Response(body, {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': contentDisposition(stay.guestName || 'stay', 'stay-qr', format),
      'content-length': String(body.byteLength),
      // A deleted stay's code must not linger anywhere.
      'cache-control': 'private, no-store',
    },
  });
});
