import type { APIContext } from 'astro';
import { askGuidebook } from '@server/assistant/ask.ts';
import { pageIndexes } from '@server/guest-pages/serve/page-index.ts';
import { AppError } from '@server/http/app-error.ts';
import { clientAddress } from '@server/http/client-address.ts';
import { requestGuestWords, requestPageLanguage } from '@server/http/guest-language.ts';
import { handle, json, readJson } from '@server/http/json.ts';
import { ASK_BODY_LIMIT, askQuestionSchema } from '@shared/schemas/guest-ask.ts';

/** Never kept by a browser or a shared cache. */
const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * POST /api/guest/:token/ask `{ question }` (public; a guidebook's or a stay's token; JSON of at
 * most 2 KB) → `{ answer, sources: [{ section, anchor, title }], handedOver, kind }`: "Ask the
 * guidebook" (docs/decisions/031 §10), answered from the page's own words in the page's language
 * (`Accept-Language`, as the guest page's islands send it). 400 for a bad question, 404/410 for a
 * dead link, 413/415 for a body too large or not JSON, 429 past the limits with Retry-After; every
 * `message` in the page's words. The question is never logged.
 */
export const POST = handle(async (context: APIContext) => {
  const words = requestGuestWords(context.request);
  const language = requestPageLanguage(context.request);
  const parsed = askQuestionSchema(language).safeParse(await readJson(context.request, ASK_BODY_LIMIT));
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? words['api.unreadable']);
  const { answer } = await askGuidebook({ token: context.params.token ?? '', question: parsed.data.question, language, ip: clientAddress(context), words, pages: pageIndexes });
  return json(answer, 200, PRIVATE);
});
