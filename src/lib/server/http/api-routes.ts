import { AppError } from './app-error.ts';

/**
 * The /api routes and the methods each answers, read from the route modules themselves (their
 * exported GET, POST… handlers), so that an unknown path answers 404 JSON and a known path asked
 * with another method answers 405 JSON with `Allow` (docs/security.md 29), before anything else
 * looks at the request. A new route file is picked up by the build with nothing to register.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../pages/api/**/*.ts', { eager: true });

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface ApiRoute {
  pattern: RegExp;
  /** Static segments count for more than dynamic ones, as in Astro's own route priority. */
  rank: number;
  allow: string[];
}

/** `../../../pages/api/instruction/[id]/share.ts` → /api/instruction/<one segment>/share. */
function toRoute(file: string, module: Record<string, unknown>): ApiRoute {
  const path = file.replace(/^.*\/pages/, '').replace(/\.ts$/, '').replace(/\/index$/, '');
  let rank = 0;
  const source = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (/^\[\.\.\.\w+\]$/.test(segment)) return '(?:/.*)?';
      if (/^\[\w+\]$/.test(segment)) {
        rank += 1;
        return '/[^/]+';
      }
      rank += 10;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  const exported = new Set(METHODS.filter((method) => typeof module[method] === 'function' || typeof module.ALL === 'function'));
  // Astro answers HEAD with the GET handler.
  if (exported.has('GET')) exported.add('HEAD');
  // Case-sensitive, as Astro's router is: /API/users/me must answer this JSON 404, not pass here
  // and then get Astro's HTML 404 page (docs/security.md 29: every /api answer is JSON).
  return { pattern: new RegExp(`^${source}/?$`), rank, allow: METHODS.filter((method) => exported.has(method)) };
}

const routes = Object.entries(modules)
  .map(([file, module]) => toRoute(file, module))
  .sort((a, b) => b.rank - a.rank);

/** The methods the route at this path answers, or undefined when no route has the path. */
export function allowedMethods(pathname: string): string[] | undefined {
  return routes.find((route) => route.pattern.test(pathname))?.allow;
}

/** Throws the JSON 404 or 405 (with `Allow`; OPTIONS included) of an /api request no route answers. */
export function assertApiRoute(method: string, pathname: string): void {
  const allow = allowedMethods(pathname);
  if (!allow) throw new AppError('NOT_FOUND', 'No such API endpoint.');
  if (!allow.includes(method)) {
    throw new AppError('METHOD_NOT_ALLOWED', `This endpoint does not answer ${method}.`, { headers: { allow: allow.join(', ') } });
  }
}

/**
 * A path parameter holding a NUL names nothing (no id or token holds one) and PostgreSQL text
 * cannot take it, so looking it up was a 500 there. The server refuses a target that decodes to
 * one (malformed-target.ts), but Astro decodes a parameter once more: "%2500" reaches the route
 * as a NUL. Answered 400 like the rest (docs/security.md 29).
 */
export function assertReadableParams(params: Record<string, string | undefined>): void {
  if (Object.values(params).some((value) => value?.includes('\0'))) throw new AppError('BAD_REQUEST', 'The request address is not valid (it holds a NUL character).');
}
