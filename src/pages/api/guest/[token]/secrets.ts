import type { APIContext } from 'astro';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords } from '@server/http/guest-language.ts';
import { handle, json } from '@server/http/json.ts';
import { revealSecrets } from '@server/stays/reveal-secrets.ts';
import { PIN_HEADER } from '@shared/guest-access.ts';

/** Never kept by a browser or a shared cache, never sent on as a Referer. */
const PRIVATE = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };

/**
 * GET /api/guest/:token/secrets (public; a guidebook or stay token; the PIN in `x-guest-pin`) →
 * `{ code, wifiPassword, wifiQr, until }`, or 403 `{ message, availableFrom, pinRequired }`; 404
 * for an unknown token, 410 for an ended stay, 429 past the PIN limits (docs/decisions/013); every
 * `message` in the language of `Accept-Language` when the guest page has words in it.
 */
export const GET = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const answer = await revealSecrets({ token: context.params.token ?? '', pin: context.request.headers.get(PIN_HEADER), ip: clientAddress(context), words });
  return answer.ok ? json(answer.secrets, 200, PRIVATE) : json(answer.refusal, 403, PRIVATE);
});
