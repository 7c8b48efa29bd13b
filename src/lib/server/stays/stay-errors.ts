import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';

/** Another host's stay reads exactly like a missing one (docs/security.md 14). */
export function stayNotFound(): AppError {
  return new AppError('NOT_FOUND', messages.stays.notFound);
}
