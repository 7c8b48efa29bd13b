import type { IncomingMessage, ServerResponse } from 'node:http';
import { NON_PAGE_CSP } from './security.ts';

/**
 * A request target whose path does not percent-decode ("/api/%E0%A4%A", "/%ZZ"), or decodes to a
 * NUL ("/api/instruction/%00": no id or token holds one, and PostgreSQL text cannot, so looking it
 * up was a 500 there; docs/security.md 29), cannot name any route. Astro would answer a bare
 * text/plain "Bad request."; this answers 400 the way the rest of the app does instead: JSON
 * `{ message }` under /api (docs/security.md 29), a small page elsewhere. So is an /api path
 * that ends in "//", or that holds a "." or ".." segment (raw or as %2e: no client sends one, a
 * URL parser removes them), which Astro would answer with a redirect. Returns false for a target
 * that decodes to a usable path.
 */
export function answerMalformedTarget(req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): boolean {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const isApi = pathname.toLowerCase().startsWith('/api/');
  const doubledEnd = isApi && pathname.endsWith('//');
  const dotted = isApi && pathname.split('/').some((segment) => DOT_SEGMENT.test(segment));
  if (!doubledEnd && !dotted && (!pathname.includes('%') || decodes(pathname))) return false;

  const reason = doubledEnd ? 'it ends in //' : dotted ? 'it holds a "." or ".." segment' : 'malformed percent-encoding';
  const body = isApi
    ? JSON.stringify({ message: `The request address is not valid (${reason}).` })
    : '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Bad request · Porchlight</title><p>This address is not valid. Please check the link, or go to <a href="/">Porchlight</a>.</p></html>';
  res.writeHead(400, {
    ...securityHeaders,
    'content-type': isApi ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'content-security-policy': NON_PAGE_CSP,
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** ".", "..", and their percent-encoded spellings ("%2e", "%2E%2e", ".%2e"). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

function decodes(pathname: string): boolean {
  try {
    return !decodeURIComponent(pathname).includes('\0');
  } catch {
    return false;
  }
}
