/**
 * The shape of a path served by our /media route (what the upload API answers), for every schema
 * that holds an image. Its own module so that the account forms do not pull in the guidebook schema.
 *
 * Segments of letters, digits, `_`, `-` and `.`, none empty or starting with a dot: no `.` or `..`
 * segment, so the path a browser requests is the path the server checked (docs/security.md 30).
 */
const MEDIA_PATH = /^\/media(?:\/[\w-][\w.-]*)+$/;

/** True for '' (no image) or a /media path. */
export function isMediaPath(value: string): boolean {
  return value === '' || MEDIA_PATH.test(value);
}
