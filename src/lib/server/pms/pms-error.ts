import type { PmsSystem } from '@shared/pms-systems.ts';

/**
 * Why a call to a booking system failed, in our words: the method, the path without its query,
 * the status, never a header or a body (§3: an error may reach the log).
 */
/** 'scope': the credentials work but may not read what Porchlight needs (Beds24's invite code without bookings-personal). */
export type PmsFailure = 'bad-credentials' | 'scope' | 'unreachable' | 'rate-limited' | 'not-found' | 'bad-answer';

export class PmsError extends Error {
  override name = 'PmsError';
  constructor(
    readonly failure: PmsFailure,
    readonly where: { system: PmsSystem; method: string; path: string; status: number | null },
    /** For 'rate-limited': when the system lets us ask again (epoch ms). */
    readonly retryAt: number | null = null,
  ) {
    super(`${where.system} ${where.method} ${where.path}: ${failure}${where.status === null ? '' : ` (${where.status})`}`);
  }
}

export function isPmsError(error: unknown): error is PmsError {
  return error instanceof Error && error.name === 'PmsError' && typeof (error as PmsError).failure === 'string';
}
