/**
 * What the renderer (render/) and the servers of stored pages (serve/, publish/) both say about a
 * guest page answer. Here so that rendering never imports the serving side.
 */

/** Headers every guest page carries (docs/security.md 15: the token must not leak through Referer). */
export const GUEST_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

/**
 * Set by the guest route when the page is right only until a time (the owner's plan ends then):
 * read into the snapshot's header and never sent to the guest.
 */
export const SNAPSHOT_EXPIRES_HEADER = 'x-snapshot-expires';

/** Set by the guest route the same way: the row the page was rendered from (`<version>:<policy>`). */
export const SNAPSHOT_SOURCE_HEADER = 'x-snapshot-source';

/** What a stored page must still agree with: the guidebook's version and who sees its secrets. */
export interface SnapshotSource {
  version: number;
  secretsPolicy: string;
}

export function sourceHeader(source: SnapshotSource): string {
  return `${source.version}:${source.secretsPolicy}`;
}

export function parseSourceHeader(value: string | null): SnapshotSource | null {
  const match = value ? /^(\d+):([a-z]+)$/.exec(value) : null;
  return match ? { version: Number(match[1]), secretsPolicy: match[2]! } : null;
}

/** The expiry a rendered answer declares (epoch ms), or null. */
export function parseExpiresHeader(value: string | null): number | null {
  const expires = Number(value);
  return Number.isFinite(expires) && expires > 0 ? expires : null;
}

/**
 * Set by the guest route the same way: the languages the guidebook offers, its main language
 * first (`en de fr`). Kept in the stored page's header, so `/instruction/<token>` picks a guest's
 * language from memory, with no query (serve/negotiate-language.ts).
 */
export const SNAPSHOT_LANGUAGES_HEADER = 'x-snapshot-languages';

export function parseLanguagesHeader(value: string | null): string[] | null {
  const languages = value?.split(' ').filter((tag) => /^[a-z]{2}$/.test(tag));
  return languages && languages.length > 0 ? languages : null;
}
