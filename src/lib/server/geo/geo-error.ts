/**
 * Why a map link or a point gave no address, kept as the AppError's cause (for the log). A map
 * link is `refused` (not a link we may fetch: bad scheme, host off the allowlist, a blocked
 * address, too many redirects) or `unresolved` (followed, but no point found, or the map service
 * did not answer in time); a point is `not-found` (Nominatim knows no address there) or `failed`
 * (Nominatim did not answer usefully).
 */
export type GeoFailure = 'refused' | 'unresolved' | 'not-found' | 'failed';

export class GeoError extends Error {
  override name = 'GeoError';
  readonly reason: GeoFailure;

  constructor(reason: GeoFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}
