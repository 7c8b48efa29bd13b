import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';

/** Someone else's id or token reads exactly like a missing one (docs/security.md 14): never a 403. */
export function instructionNotFound(): AppError {
  return new AppError('NOT_FOUND', messages.instruction.notFound);
}
