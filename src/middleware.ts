import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { finishSessionHeaders, guardRequest, openSession } from '@server/auth/session-gate.ts';
import { assertApiRoute, assertReadableParams } from '@server/http/api-routes.ts';
import { AppError, isAppError } from '@server/http/app-error.ts';
import { compressJson } from '@server/http/compress-json.ts';
import { errorResponse } from '@server/http/json.ts';
import { baseSecurityHeaders, checkApiRequest, loggedPath, NON_PAGE_CSP, PAGE_FALLBACK_CSP } from '@server/http/security.ts';
import { domainServices } from '@server/start/domain-services.ts';
import { assembleRuntime, getRuntime } from '@server/platform/runtime.ts';
import { startWorkers } from '@server/start/workers.ts';
import { serveGuestPage } from '@server/guest-pages/serve/serve-guest-page.ts';

const REQUEST_ID = /^[\w.-]{1,64}$/;

// Built by the boot bundle before the port opens; under `astro dev`, on the first request.
assembleRuntime(domainServices);

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run through here only at build time, with no request to speak of.
  if (context.isPrerendered) return next();

  const started = performance.now();
  const runtime = await getRuntime();
  const { config, log } = runtime;
  // Started by the boot bundle before the port opens; under `astro dev`, on the first request.
  void startWorkers(runtime).catch((error: unknown) => log.error({ err: error }, 'workers: start failed'));
  const incoming = context.request.headers.get('x-request-id');
  // A page that failed renders 500.astro through here again with the same locals: it keeps the
  // failed request's id, so the reference the page shows is the one its log line carries.
  const requestId = (context.locals.requestId as string | undefined) ?? (incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID());
  context.locals.requestId = requestId;
  context.locals.showErrorDetails = config.env !== 'production';

  let response: Response;
  let sessionCookie: string | undefined;
  const isApi = context.url.pathname.toLowerCase().startsWith('/api/');
  try {
    // Every /api answer is JSON: an unknown path 404, a method the route lacks 405 with Allow.
    if (isApi) {
      assertApiRoute(context.request.method, context.url.pathname);
      assertReadableParams(context.params);
    }
    checkApiRequest(context.request, context.url, config);
    // Sessions, the 401 rule for private /api routes and the login redirects.
    sessionCookie = await openSession(context, config);
    // Guest pages answer from their snapshot (no SQLite); the route renders only on a miss.
    const isGuestPage = context.url.pathname === '/instruction' || context.url.pathname.startsWith('/instruction/');
    response = guardRequest(context) ?? (isGuestPage ? await serveGuestPage(context.request, context.url, (path) => (path ? next(path) : next())) : await next());
  } catch (error) {
    if (!isAppError(error) && !isApi) {
      // Astro renders 500.astro, which shows only the request id in production: the cause is here.
      log.error({ err: error, reqId: requestId, method: context.request.method, path: context.url.pathname }, 'unhandled page error');
      throw error;
    }
    // A bug under /api still answers JSON; the cause goes to the log with the request id.
    if (!isAppError(error)) log.error({ err: error, reqId: requestId }, 'unhandled API error');
    response = errorResponse(isAppError(error) ? error : new AppError('INTERNAL', 'Something went wrong on our side. Please try again.', { cause: error }));
  }
  if (isApi) response = await compressJson(context.request, response);

  // Some responses (redirects, fetched ones) have immutable headers: copy them into a new one.
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(config))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!headers.has('content-security-policy')) {
    const isPage = (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set('content-security-policy', isPage ? PAGE_FALLBACK_CSP : NON_PAGE_CSP);
  }
  // The editor's Preview frames the real guest page: our own pages may frame it.
  if (context.url.pathname.startsWith('/dashboard/preview/')) {
    headers.set('content-security-policy', (headers.get('content-security-policy') ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    headers.set('x-frame-options', 'SAMEORIGIN');
  }
  headers.set('x-request-id', requestId);
  finishSessionHeaders(headers, context.url, sessionCookie, config);
  response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  log.info(
    { reqId: requestId, method: context.request.method, path: loggedPath(context.url.pathname), status: response.status, ms: Math.round(performance.now() - started) },
    'request',
  );
  return response;
});
