import { nanoid } from 'nanoid';
import type { Config } from '../config.ts';

/** Stay links are as unguessable as guidebook links, and longer: 24 characters of nanoid's 64. */
export const STAY_TOKEN_LENGTH = 24;

export function newStayToken(): string {
  return nanoid(STAY_TOKEN_LENGTH);
}

/** The guest link of a stay, built from APP_URL like every link that leaves the server. */
export function stayUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return new URL(`/stay/${encodeURIComponent(token)}`, config.appUrl).href;
}
