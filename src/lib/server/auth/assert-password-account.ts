import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import type { SessionUser } from './types.ts';

/** Google accounts cannot change name, e-mail or password (docs/product.md §6). */
export function assertNotGoogleAccount(user: SessionUser): void {
  if (user.googleId !== null) throw new AppError('FORBIDDEN', messages.auth.googleLocked);
}
