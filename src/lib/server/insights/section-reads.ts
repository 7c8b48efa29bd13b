import { isGuestSection } from '@shared/insights.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { countSectionRead } from './view-counts.ts';

/**
 * `POST /api/guest/:token/events`: the guest page's beacon says which sections a guest read
 * (docs/product/insights.md). It answers 204 whatever it gets, so nothing here throws; what counts is
 * a known section name, on a link-shaped token, within the limits. The limits live in this
 * server's memory rather than the rate_limits table: a beacon must cost no database write, and
 * going past them only leaves reads uncounted. Unknown tokens are dropped at the flush.
 */

/** One window for both limits; the maps are emptied when it ends. */
const WINDOW_MS = 10 * 60_000;
/** Beacons per address: a guest reading every section of a few pages stays far below. */
const PER_ADDRESS = 100;
/** Beacons per link: a busy guidebook's guests together. */
const PER_TOKEN = 2_000;
/** Addresses and links tracked in one window; new ones past it are not counted until the next. */
const MAX_KEYS = 50_000;
/** Longer bodies are not a beacon of ours. */
export const MAX_EVENTS_BODY = 1_024;

const limits = processSingleton('guest-read-limits', () => ({ windowEnds: 0, byAddress: new Map<string, number>(), byToken: new Map<string, number>() }));

/** Counts the sections `body` (`{ sections: [...] }`) names; the number counted, 0 when none or refused. */
export function acceptSectionReads(token: string, address: string, body: string, now = Date.now()): number {
  if (!GUEST_TOKEN.test(token) || body.length > MAX_EVENTS_BODY) return 0;
  const sections = parseSections(body);
  if (sections.length === 0) return 0;
  if (now >= limits.windowEnds) {
    limits.byAddress.clear();
    limits.byToken.clear();
    limits.windowEnds = now + WINDOW_MS;
  }
  if (!take(limits.byAddress, address, PER_ADDRESS) || !take(limits.byToken, token, PER_TOKEN)) return 0;
  for (const section of sections) countSectionRead(token, section, now);
  return sections.length;
}

function parseSections(body: string) {
  try {
    const sections = (JSON.parse(body) as { sections?: unknown } | null)?.sections;
    return Array.isArray(sections) ? [...new Set(sections.filter(isGuestSection))] : [];
  } catch {
    return [];
  }
}

function take(counts: Map<string, number>, key: string, limit: number): boolean {
  const used = counts.get(key) ?? 0;
  if (used >= limit || (used === 0 && counts.size >= MAX_KEYS)) return false;
  counts.set(key, used + 1);
  return true;
}
