import type { Config } from '../config.ts';

/**
 * The public link of a guidebook (docs/product.md §2 `/instruction/:token`), built from APP_URL, never from
 * the request's Host header: it goes into QR codes, posters and mails that outlive the request.
 */
export function guestUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return new URL(`/instruction/${encodeURIComponent(token)}`, config.appUrl).href;
}
