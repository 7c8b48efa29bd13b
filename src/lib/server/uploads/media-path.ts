/**
 * Upload names are made by the server: `u/<space>/<nanoid>.webp`, the space being a team's id (a
 * guidebook's or Auto-Fill's image) or a person's (their profile picture; docs/decisions/028-teams.md
 * §3). The same string is the storage key and the part of the public path after /media/, so
 * nothing a client sends ever becomes a name.
 */
export const MEDIA_PREFIX = '/media/';

const KEY_PATTERN = /^u\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{21}\.webp$/;
/** The same shape anywhere inside a text (instruction JSON, settings, a picture column). */
const MEDIA_PATH_IN_TEXT = /\/media\/(u\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{21}\.webp)/g;

export function uploadKey(space: string, name: string): string {
  return `u/${space}/${name}.webp`;
}

export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function mediaPath(key: string): string {
  return MEDIA_PREFIX + key;
}

/**
 * Where a page links a stored /media path: under `base` (MEDIA_PUBLIC_URL, a CDN or the bucket's
 * `uploads/` prefix) for an upload when set, else unchanged. Stored paths never change, so the
 * setting can come and go without touching data.
 */
export function publicMediaUrl(path: string, base: string | undefined): string {
  if (!base || !path.startsWith(MEDIA_PREFIX)) return path;
  const key = path.slice(MEDIA_PREFIX.length);
  return isUploadKey(key) ? `${base}/${key}` : path;
}

/** Every upload in space `space` a text mentions as /media/…, wherever it sits in the text. */
export function ownUploadKeysIn(text: string, space: string): string[] {
  return Array.from(text.matchAll(MEDIA_PATH_IN_TEXT), (match) => match[1]!).filter((key) => key.startsWith(`u/${space}/`));
}

/** Any origin will do: only the path is resolved against it. */
const RESOLVE_BASE = 'http://media.invalid';
const OWNER_IN_PATH = /^\/media\/u\/([^/]+)\//;

/**
 * The space (a team's or a person's id) whose upload a /media path names, or null for a path
 * outside the uploads (the product's own images). The path is resolved as a browser resolves it before requesting it, so
 * `/media/./u/x/…` names x as well.
 */
export function uploadOwnerOf(path: string): string | null {
  const pathname = URL.parse(path, RESOLVE_BASE)?.pathname ?? path;
  return OWNER_IN_PATH.exec(pathname)?.[1] ?? null;
}
