import type { APIContext } from 'astro';
import { mapRateRules } from '../../../lib/server/geo/map-rate-rules.ts';
import { toLatLng } from '../../../lib/server/geo/parse-map-coordinates.ts';
import { GeocodeError, reverseGeocode } from '../../../lib/server/geo/reverse-geocode.ts';
import { clientAddress } from '../../../lib/server/http/client-address.ts';
import { handle, json } from '../../../lib/server/http/json.ts';
import { consumeRateLimits } from '../../../lib/server/rate-limit.ts';
import { getRuntime } from '../../../lib/server/runtime.ts';
import { messages } from '../../../lib/shared/messages.ts';

const NUMBER = /^\s*[-+]?\d{1,3}(?:\.\d{1,15})?\s*$/;

/**
 * GET /api/map/reverse-geocode?lat=&lng= (public, SPEC §7): { success, address, message }. The
 * client shows `message` in place of the address (SPEC §8): "Could not resolve address" for a
 * bad point or none found, "Address resolution failed" (502) when Nominatim did not answer.
 */
export const GET = handle(async (context: APIContext) => {
  await consumeRateLimits([mapRateRules.reverseIp(clientAddress(context))]);
  const lat = context.url.searchParams.get('lat') ?? '';
  const lng = context.url.searchParams.get('lng') ?? context.url.searchParams.get('lon') ?? '';
  const point = NUMBER.test(lat) && NUMBER.test(lng) ? toLatLng(Number(lat), Number(lng)) : null;
  if (!point) return json({ success: false, address: '', message: messages.address.unresolved }, 400);
  try {
    return json({ success: true, address: await reverseGeocode(point), message: '' });
  } catch (error) {
    if (!(error instanceof GeocodeError)) throw error;
    const { log } = await getRuntime();
    log.info({ reqId: context.locals.requestId, reason: error.reason, detail: error.message }, 'reverse geocode failed');
    return error.reason === 'failed'
      ? json({ success: false, address: '', message: messages.address.failed }, 502)
      : json({ success: false, address: '', message: messages.address.unresolved }, 404);
  }
});
