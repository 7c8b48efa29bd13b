import type { UserInfo } from '@shared/schemas/auth.ts';
import type { SessionUser } from './types.ts';

/** User info of docs/product.md §3, the shape every auth answer carries. */
export function toUserInfo(user: SessionUser): UserInfo {
  return { _id: user.id, name: user.name, email: user.email, picture: user.picture, googleId: user.googleId };
}
