import type { APIContext } from 'astro';
import { mapRateRules } from '@server/geo/map-rate-rules.ts';
import { resolveMapLink } from '@server/geo/resolve-map-link.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits } from '@server/http/rate-limit.ts';

/**
 * GET /api/map/resolve-map?url= (public, docs/product.md §7): the coordinates a map link points at, as
 * { lat, lng }. 400 for a link we will not fetch (docs/security.md 18, 19), 422 when a followed link
 * shows no point. `addressUrl` is accepted too (docs/product.md §7 names the payload so).
 */
export const GET = handle(async (context: APIContext) => {
  await consumeRateLimits([mapRateRules.resolveIp(clientAddress(context))]);
  const params = context.url.searchParams;
  return json(await resolveMapLink(params.get('url') ?? params.get('addressUrl') ?? ''));
});
