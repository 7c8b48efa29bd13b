import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { AppError } from '@server/http/app-error.ts';
import { handle } from '@server/http/json.ts';
import { getGuestLinkQr } from '@server/sharing/get-guest-link-qr.ts';
import { messages } from '@shared/messages.ts';
import { isQrFormat } from '@shared/schemas/sharing.ts';

/**
 * GET /api/instruction/:id/qr?format=png|svg[&lang=<lang>] (owner only; png when no format is
 * given): the QR code of the guest link as a download named after the guidebook; with `lang=`, the
 * link of one of its languages (400 for a language it is not in). Never cached by anyone: a
 * regenerated link changes the code.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'guidebook.share', context.params.id ?? '');
  const format = context.url.searchParams.get('format') ?? 'png';
  if (!isQrFormat(format)) throw new AppError('BAD_REQUEST', messages.sharing.formatInvalid);
  const qr = await getGuestLinkQr({ access, id: context.params.id ?? '', format, language: context.url.searchParams.get('lang') });
  return new Response(qr.body, {
    headers: {
      'content-type': qr.contentType,
      'content-disposition': qr.contentDisposition,
      'content-length': String(qr.body.byteLength),
      'cache-control': 'private, no-store',
    },
  });
});
