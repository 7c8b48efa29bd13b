import { createApiClient } from '@shared/api-client.ts';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 means (clear the stored user, go to /login); see lib/auth.ts. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * The admin's client (src/lib/shared/api-client.ts, with its ApiError): the same as the islands',
 * except that any 401 ends the session on screen too.
 */
export const api = createApiClient({ onUnauthorized: () => onUnauthorized() });
