import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { uploadOwnerOf } from './media-path.ts';

/**
 * docs/security.md 30: a host references only their own uploads. A /media path outside the uploads is
 * the product's own image and anyone's to use; the shared schema has already checked the shape.
 */
export function mayReferenceImage(userId: string, path: string): boolean {
  const owner = uploadOwnerOf(path);
  return owner === null || owner === userId;
}

/**
 * Refuses another account's upload with 422 and a message naming `field`: the image exists and the
 * request is well-formed, it is just not the host's to use.
 */
export function assertMayReferenceImage({ userId, path, field }: { userId: string; path: string; field: string }): void {
  if (!mayReferenceImage(userId, path)) throw new AppError('UNPROCESSABLE', messages.upload.notYours(field));
}
