import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import type { Session, SessionUser } from './types.ts';

/** The signed-in user, or 401. The middleware already refuses signed-out calls; this says so in the type. */
export function requireUser(locals: App.Locals): { user: SessionUser; session: Session } {
  if (!locals.user || !locals.session) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
  return { user: locals.user, session: locals.session };
}
