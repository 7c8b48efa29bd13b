import type { RateRule } from '../http/rate-limit.ts';

const MINUTE = 60_000;

/**
 * Per-address limits of the public map helpers (ours): each call may cost outbound requests (up
 * to 6 for a link, one Nominatim slot for a point). A host editing one address uses a handful.
 */
export const mapRateRules = {
  resolveIp: (ip: string): RateRule => ({ key: `map:resolve:ip:${ip}`, limit: 60, windowMs: MINUTE }),
  reverseIp: (ip: string): RateRule => ({ key: `map:reverse:ip:${ip}`, limit: 60, windowMs: MINUTE }),
} as const;
