/**
 * Where a stay was booked, and who a guidebook's rules by channel speak of
 * (docs/decisions/028-teams.md §10, docs/product/stays.md). Isomorphic: the calendar form shows
 * the channel it reads from a link as the server does.
 */
import { messages } from './messages.ts';

/** A stay's channel: `direct` for one the host made by hand, else the platform its calendar came from. */
export const CHANNELS = ['direct', 'airbnb', 'booking', 'vrbo', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What a guidebook keeps a rule for: each channel's guests, and the guidebook's own public link. */
export const RULE_AUDIENCES = [...CHANNELS, 'link'] as const;
export type RuleAudience = (typeof RULE_AUDIENCES)[number];

/** How the dashboard names each ("Booking.com", "Public link"). */
export const CHANNEL_NAMES: Readonly<Record<RuleAudience, string>> = messages.channels.names;

/** Airbnb's own pages the editor links beside its defaults (fees through Airbnb; reviews on Airbnb). */
export const AIRBNB_FEES_URL = 'https://www.airbnb.com/help/article/2827';
export const AIRBNB_REVIEWS_URL = 'https://www.airbnb.com/help/article/3055';

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

/**
 * The channel a calendar feed's link names by its host: airbnb.* (any country's), booking.com,
 * vrbo.com or homeaway.*, else `other` (a channel manager, a site of the host's). The migration
 * 0019-stay-channels reads stored links with the same patterns in SQL.
 */
export function feedChannel(url: string): Exclude<Channel, 'direct'> {
  let host: string;
  try {
    host = `.${new URL(url.replace(/^webcal:\/\//i, 'https://')).hostname.toLowerCase()}`;
  } catch {
    return 'other';
  }
  if (host.includes('.airbnb.')) return 'airbnb';
  if (host.endsWith('.booking.com')) return 'booking';
  if (host.endsWith('.vrbo.com') || host.includes('.homeaway.')) return 'vrbo';
  return 'other';
}
