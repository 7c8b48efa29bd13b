import { memoizeHeader } from './memoize-header.ts';

/**
 * Conditional and compressed answers shared by the two servers of prebuilt bytes: the guest
 * snapshots (snapshots/) and the prerendered pages and assets (static-files.ts).
 */

/** Which stored variant to send: brotli, gzip, or the identity bytes ('html' for historic reasons). */
export type Encoding = 'br' | 'gz' | 'html';

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const negotiated = memoizeHeader(parseAcceptEncoding, { max: 64, maxLength: 256 });

export function negotiate(accept: string | null): Encoding {
  return accept ? negotiated.of(accept) : 'html';
}

function parseAcceptEncoding(accept: string): Encoding {
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    offered.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gz';
  return 'html';
}

/** Headers of a 304: the validators and policies, no body description. */
export function notModifiedHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-length': _length, 'content-encoding': _encoding, ...rest } = headers;
  return rest;
}

/** Weak comparison (RFC 9110 §13.1.2): the same page in any encoding matches. */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}
