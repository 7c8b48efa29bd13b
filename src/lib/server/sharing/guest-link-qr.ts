import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import { escapeHtml } from '@shared/escape-html.ts';
import type { QrFormat } from '@shared/schemas/sharing.ts';

/** Downloads are big enough for print at any poster size: 1024 px across. */
export const QR_DOWNLOAD_PX = 1024;

/**
 * M recovers ~15 % of a damaged code, plenty for a link; the standard four-module quiet zone
 * keeps a downloaded code scannable wherever the host places it.
 */
const OPTIONS = { errorCorrectionLevel: 'M' as QRCodeErrorCorrectionLevel, margin: 4, color: { dark: '#000000', light: '#ffffff' } };

/** The QR code of a guest link as a downloadable file: a 1024 px PNG or an SVG of the same size. */
export async function guestLinkQrFile(url: string, format: QrFormat): Promise<Uint8Array<ArrayBuffer>> {
  if (format === 'png') return new Uint8Array(await QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width: QR_DOWNLOAD_PX }));
  return new TextEncoder().encode(await QRCode.toString(url, { ...OPTIONS, type: 'svg', width: QR_DOWNLOAD_PX }));
}

/**
 * The same code as inline SVG for a page (the poster): no fixed size, it scales with its box.
 * Labelled for assistive tech; the link is written out next to it.
 */
export async function guestLinkQrSvg(url: string, label: string): Promise<string> {
  const svg = await QRCode.toString(url, { ...OPTIONS, type: 'svg', margin: 2 });
  return svg.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" `);
}
