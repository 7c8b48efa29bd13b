import { guestPageKey, guestPagePath } from '@shared/guest-page-key.ts';
import type { Config } from '../config.ts';

/**
 * The public link of a guidebook (docs/product.md §2 `/instruction/:token`), built from APP_URL, never from
 * the request's Host header: it goes into QR codes, posters and mails that outlive the request.
 */
export function guestUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return new URL(guestPagePath(guestPageKey(token)), config.appUrl).href;
}
