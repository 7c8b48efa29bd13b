import type { APIContext } from 'astro';

export const prerender = false;

/**
 * /pricing, where the unpaid checkout outcome's "Try again" points (docs/product.md §8): the dashboard's
 * pricing view for a signed-in host, the landing page's pricing section for anyone else.
 */
export function GET(context: APIContext): Response {
  const location = context.locals.user ? '/dashboard/upgradePlan' : '/#pricing-section';
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}
