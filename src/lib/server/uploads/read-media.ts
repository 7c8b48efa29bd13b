import { isUploadKey, MEDIA_PREFIX } from './media-path.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { StoredObject } from '../platform/storage.ts';

export type MediaResult =
  | { status: 404 }
  | { status: 304; etag: string }
  /** HEAD: the object exists; nothing is read. */
  | { status: 200; etag: string; object: null }
  | { status: 200; etag: string; object: StoredObject };

/**
 * GET /media/…: the stored bytes of one upload (streamed from a bucket). Only server-made names
 * are looked up; the raw (undecoded) path is matched, so encoded dots or slashes never reach the
 * store. A HEAD or a matching If-None-Match only asks whether the object exists.
 */
export async function readMedia({ pathname, ifNoneMatch, head = false }: { pathname: string; ifNoneMatch: string | null; head?: boolean }): Promise<MediaResult> {
  const key = pathname.startsWith(MEDIA_PREFIX) ? pathname.slice(MEDIA_PREFIX.length) : '';
  if (!isUploadKey(key)) return { status: 404 };
  // A name is never reused for other bytes, so the name itself is a strong validator.
  const etag = `"${key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)}"`;
  const stores = (await getRuntime()).storage;
  const notModified = ifNoneMatch !== null && matches(ifNoneMatch, etag);
  if (notModified || head) {
    if (!(await stores.uploads.hasItem(key))) return { status: 404 };
    return notModified ? { status: 304, etag } : { status: 200, etag, object: null };
  }
  const object = await stores.openUpload(key);
  return object ? { status: 200, etag, object } : { status: 404 };
}

function matches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
