import type { APIContext } from 'astro';
import { mapRateRules } from '@server/geo/map-rate-rules.ts';
import { toLatLng } from '@shared/map-coordinates.ts';
import { reverseGeocode } from '@server/geo/reverse-geocode.ts';
import { AppError } from '@server/http/app-error.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { handle, json } from '@server/http/json.ts';
import { consumeRateLimits } from '@server/http/rate-limit.ts';
import { messages } from '@shared/messages.ts';

const NUMBER = /^\s*[-+]?\d{1,3}(?:\.\d{1,15})?\s*$/;

/**
 * GET /api/map/reverse-geocode?lat=&lng= (public, docs/product.md §7): { success, address, message }. The
 * client shows `message` in place of the address (docs/product.md §8): "Could not resolve address" for a
 * bad point (400) or none found (404), "Address resolution failed" (502) when Nominatim did not answer.
 */
export const GET = handle(
  async (context: APIContext) => {
    await consumeRateLimits([mapRateRules.reverseIp(clientAddress(context))]);
    const lat = context.url.searchParams.get('lat') ?? '';
    const lng = context.url.searchParams.get('lng') ?? context.url.searchParams.get('lon') ?? '';
    const point = NUMBER.test(lat) && NUMBER.test(lng) ? toLatLng(Number(lat), Number(lng)) : null;
    if (!point) throw new AppError('BAD_REQUEST', messages.address.unresolved);
    return json({ success: true, address: await reverseGeocode(point), message: '' });
  },
  // docs/product.md §7: every answer has these fields, failures included.
  { errorFields: { success: false, address: '' } },
);
