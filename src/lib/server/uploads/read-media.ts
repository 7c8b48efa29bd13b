import { isUploadKey, MEDIA_PREFIX } from './media-path.ts';
import { getRuntime } from '../runtime.ts';

export type MediaResult = { status: 404 } | { status: 304; etag: string } | { status: 200; etag: string; bytes: Uint8Array<ArrayBuffer> };

/**
 * GET /media/…: the stored bytes of one upload. Only server-made names are looked up; the raw
 * (undecoded) path is matched, so encoded dots or slashes never reach the store.
 */
export async function readMedia({ pathname, ifNoneMatch }: { pathname: string; ifNoneMatch: string | null }): Promise<MediaResult> {
  const key = pathname.startsWith(MEDIA_PREFIX) ? pathname.slice(MEDIA_PREFIX.length) : '';
  if (!isUploadKey(key)) return { status: 404 };
  // A name is never reused for other bytes, so the name itself is a strong validator.
  const etag = `"${key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)}"`;
  const storage = (await getRuntime()).storage.uploads;
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return (await storage.hasItem(key)) ? { status: 304, etag } : { status: 404 };
  const stored = await storage.getItemRaw<Uint8Array>(key);
  if (!stored) return { status: 404 };
  return { status: 200, etag, bytes: new Uint8Array(stored) };
}

function matches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
