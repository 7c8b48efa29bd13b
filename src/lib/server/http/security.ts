import type { Config } from '../platform/config.ts';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes that take a body signed by a third party instead of a browser's Origin (docs/security.md 7). */
const ORIGIN_EXEMPT = new Set(['/api/stripe/webhook', '/api/stripe/connect-webhook', '/api/locks/webhook']);
/** A booking system's webhook (docs/decisions/029-pms-connectors.md §5): its hook id in the path is the proof. */
const PMS_HOOK_PATH = /^\/api\/pms\/hooks\/[\w-]{1,64}$/;
/** The path as the access log writes it: a webhook's hook id is the only proof a Smoobu webhook carries, so it is left out. */
export function loggedPath(pathname: string): string {
  return PMS_HOOK_PATH.test(pathname) ? '/api/pms/hooks/:hookId' : pathname;
}
/** Routes that take multipart uploads; every other /api write takes JSON only. */
const MULTIPART_ROUTES = new Set(['/api/upload']);

/**
 * CSRF defence for the API: a state-changing request must come from our own origin, and must
 * carry a content type a cross-site form or `no-cors` fetch cannot send without a preflight.
 */
export function checkApiRequest(request: Request, url: URL, config: Pick<Config, 'appUrl'>): void {
  if (SAFE_METHODS.has(request.method) || !url.pathname.startsWith('/api/')) return;
  if (ORIGIN_EXEMPT.has(url.pathname) || PMS_HOOK_PATH.test(url.pathname)) return;

  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  const sameOrigin = origin ? origin === config.appUrl.origin : fetchSite === 'same-origin';
  if (!sameOrigin) throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');

  // A bodiless POST (logout) carries `Content-Length: 0` from browsers: nothing to type-check.
  const hasBody = (request.headers.get('content-length') ?? '0') !== '0' || request.headers.has('transfer-encoding');
  if (!hasBody) return;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const allowed = MULTIPART_ROUTES.has(url.pathname)
    ? type.startsWith('multipart/form-data')
    : /^application\/json\s*(;|$)/.test(type);
  if (!allowed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type for this endpoint.');
}

/**
 * CSP for what Astro's security.csp does not cover. Pages carry Astro's policy (a header when
 * prerendered, a <meta> when rendered on demand, which cannot hold frame-ancestors): they get
 * only directives their own policy already has, so the intersection changes nothing else.
 * Everything else (JSON, error bodies) may run and embed nothing if opened as a document.
 */
export const PAGE_FALLBACK_CSP = "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
export const NON_PAGE_CSP = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** Headers every response carries (CSP comes from Astro's security.csp, see docs/decisions). */
export function baseSecurityHeaders(config: Pick<Config, 'isLocalOrigin'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(config.isLocalOrigin ? {} : { 'strict-transport-security': 'max-age=63072000; includeSubDomains' }),
  };
}
