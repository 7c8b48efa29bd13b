import type { Config } from '../platform/config.ts';
import { messages } from '@shared/messages.ts';
import { afterLoginPath } from '@shared/safe-redirect.ts';
import { SHOWN_TEAM_HEADER } from '@shared/team-switch.ts';
import { AppError } from '../http/app-error.ts';
import { isPublicApiRoute } from './public-routes.ts';
import { clearSessionCookie, readSessionToken, serializeSessionCookie, sessionCookieName } from './session-cookie.ts';
import { validateSession } from './validate-session.ts';

type GateContext = { request: Request; url: URL; locals: App.Locals };
type GateConfig = Pick<Config, 'isLocalOrigin'>;

/**
 * Guest pages are the hot path (docs/architecture.md, Guest snapshots) and never depend on who is looking:
 * they skip the session lookup, as do the health checks and uploaded images (/media/, public).
 */
function needsSession(pathname: string): boolean {
  return !(pathname === '/healthz' || pathname === '/readyz' || pathname === '/instruction' || pathname.startsWith('/instruction/') || pathname.startsWith('/media/'));
}

/**
 * Reads the session cookie and puts the user and session on `locals` (null when signed out), and
 * the team the dashboard shows (`X-Porchlight-Team`) for `requireTeam`'s check.
 * Returns the Set-Cookie value the response must carry: a renewed expiry, or a clearing header
 * for a cookie that no longer names a session; undefined when nothing changes.
 */
export async function openSession(context: GateContext, config: GateConfig): Promise<string | undefined> {
  context.locals.user = null;
  context.locals.session = null;
  context.locals.team = null;
  context.locals.shownTeam = context.request.headers.get(SHOWN_TEAM_HEADER);
  if (!needsSession(context.url.pathname)) return undefined;
  const token = readSessionToken(context.request, config);
  if (!token) return context.request.headers.get('cookie')?.includes(`${sessionCookieName(config)}=`) ? clearSessionCookie(config) : undefined;
  const result = await validateSession({ token });
  if (!result) return clearSessionCookie(config);
  context.locals.user = result.user;
  context.locals.session = result.session;
  context.locals.team = result.team;
  return result.renewed ? serializeSessionCookie(config, token, result.session.expiresAt) : undefined;
}

const PROTECTED_PAGES = ['/dashboard', '/plan'];
const GUEST_ONLY_PAGES = ['/login', '/register'];

function under(pathname: string, roots: string[]): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return roots.some((root) => path === root || path.startsWith(`${root}/`));
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * Who may pass: a signed-out request to a private /api route gets 401 JSON; a
 * signed-out visit to /dashboard/* or /plan/* goes to /login?redirect=…; a signed-in visit to
 * /login or /register goes to its redirect (or the checkout of its `?plan=`) or /dashboard.
 * Undefined lets the request through.
 */
export function guardRequest(context: GateContext): Response | undefined {
  const { url, request, locals } = context;
  if (url.pathname.toLowerCase().startsWith('/api/')) {
    if (!locals.user && !isPublicApiRoute(request.method, url.pathname)) throw new AppError('UNAUTHORIZED', messages.auth.pleaseLogIn);
    return undefined;
  }
  if (!locals.user && under(url.pathname, PROTECTED_PAGES)) {
    // "/" stays readable in the query: /login?redirect=/dashboard/profile.
    const target = encodeURIComponent(url.pathname + url.search).replaceAll('%2F', '/');
    return redirect(`/login?redirect=${target}`);
  }
  if (locals.user && under(url.pathname, GUEST_ONLY_PAGES)) return redirect(afterLoginPath(url.searchParams, url.origin));
  return undefined;
}

/** Pages whose address carries a mailed token: it must not leak through Referer (docs/security.md 11). */
const TOKEN_PAGES = ['/resetpassword', '/verify-email', '/verify-email-change', '/orders', '/invite'];

/**
 * Sign-in and registration reached from an invitation carry its token in the query
 * (`/register?invitation=…`, `/login?redirect=/invite/…`): they are token pages too (docs/security.md 11).
 */
function carriesInvitation(url: URL): boolean {
  if (!under(url.pathname, ['/login', '/register'])) return false;
  const back = url.searchParams.get('redirect') ?? '';
  return url.searchParams.has('invitation') || back.toLowerCase().startsWith('/invite/');
}

/** Adds the session cookie (unless the route set its own) and the token pages' Referrer-Policy. */
export function finishSessionHeaders(headers: Headers, url: URL, cookie: string | undefined, config: GateConfig): void {
  const name = `${sessionCookieName(config)}=`;
  if (cookie && !headers.getSetCookie().some((value) => value.startsWith(name))) headers.append('set-cookie', cookie);
  if (under(url.pathname, TOKEN_PAGES) || carriesInvitation(url)) headers.set('referrer-policy', 'no-referrer');
}
