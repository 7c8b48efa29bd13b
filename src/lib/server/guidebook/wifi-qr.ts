import QRCode from 'qrcode';
import { escapeHtml } from '@shared/escape-html.ts';
import { guestWords, t } from '@shared/guest-words/index.ts';
import type { WifiSecurity } from '@shared/schemas/instruction.ts';

/** Characters the Wi-Fi QR format (ZXing "WIFI:" URI) reserves: escaped with a backslash. */
const RESERVED = /[\\;,:"]/g;

export function escapeWifiField(value: string): string {
  return value.replace(RESERVED, (char) => `\\${char}`);
}

/**
 * The payload phones read to join a network: `WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;;`.
 * An open network carries no password field.
 */
export function buildWifiPayload({ ssid, password, security }: { ssid: string; password: string; security: WifiSecurity }): string {
  const pass = security === 'nopass' ? '' : `P:${escapeWifiField(password)};`;
  return `WIFI:T:${security};S:${escapeWifiField(ssid)};${pass};`;
}

/**
 * The QR code as inline SVG, 300×300 (docs/product.md §9), made on our server: the Wi-Fi password never
 * reaches a third-party QR service (docs/architecture.md, QR codes). '' when there is no network name.
 */
export async function wifiQrSvg(input: { ssid: string; password: string; security: WifiSecurity }, label = t(guestWords(), 'wifi.qrLabel')): Promise<string> {
  if (!input.ssid) return '';
  // A lone surrogate (a field may hold one: JSON can spell it) made qrcode's encodeURIComponent
  // throw, a 500 for the guest page and the secrets; in UTF-8 it becomes U+FFFD anyway.
  const payload = buildWifiPayload(input).toWellFormed();
  const svg = await QRCode.toString(payload, { type: 'svg', width: 300, margin: 1, errorCorrectionLevel: 'M' });
  // Decorative for assistive tech: the name and password are written beside it.
  return svg.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" `);
}
