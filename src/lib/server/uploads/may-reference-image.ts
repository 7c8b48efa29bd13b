import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { uploadOwnerOf } from './media-path.ts';

/**
 * docs/security.md 30: content references only uploads of its own space: a team's guidebooks and
 * Auto-Fill the team's (`space` its id), a profile picture its person's (docs/decisions/028-teams.md
 * §3). A /media path outside the uploads is the product's own image and anyone's to use; the shared
 * schema has already checked the shape.
 */
export function mayReferenceImage(space: string, path: string): boolean {
  const owner = uploadOwnerOf(path);
  return owner === null || owner === space;
}

/**
 * Refuses another space's upload with 422 and a message naming `field`: the image exists and the
 * request is well-formed, it is just not this account's to use.
 */
export function assertMayReferenceImage({ space, path, field }: { space: string; path: string; field: string }): void {
  if (!mayReferenceImage(space, path)) throw new AppError('UNPROCESSABLE', messages.upload.notYours(field));
}
