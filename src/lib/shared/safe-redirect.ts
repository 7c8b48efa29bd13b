import { checkoutPath, readPlanIntent } from './plan-intent.ts';

/**
 * Where to go after signing in (docs/product.md §2 Login: the `redirect` query value, else /dashboard), for
 * the login form and for the server's redirect of a signed-in visit to /login alike. Only a path
 * on this site is followed: "//evil.example", "/\evil.example" and absolute URLs would send a
 * freshly signed-in user to someone else's page (open redirect). The answer is the URL parser's
 * serialisation, so it is percent-encoded ASCII: safe in a Location header whatever was asked.
 */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

export function safeRedirectPath(value: string | null | undefined, origin: string, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines inside URLs, which could turn "/\t/evil" into "//evil";
  // a path of ours never holds whitespace, control characters or backslashes.
  if ([...value].some((char) => char <= ' ' || char === '\u007f' || char === '\\')) return fallback;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Where a sign-in on a page with this query leads: its `redirect` when given, else the checkout of
 * a plan chosen before registering (`?plan=`, plan-intent.ts), else /dashboard.
 */
export function afterLoginPath(params: URLSearchParams, origin: string): string {
  const intent = readPlanIntent(params);
  return safeRedirectPath(params.get('redirect'), origin, intent ? checkoutPath(intent) : DEFAULT_AFTER_LOGIN);
}
