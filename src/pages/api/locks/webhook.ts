import type { APIContext } from 'astro';
import { handle, json, readRawBody } from '@server/http/json.ts';
import { receiveLockWebhook } from '@server/locks/webhook.ts';

/** Seam's events are ids and a few fields; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/locks/webhook: Seam's events, signed by Svix (docs/decisions/030-smart-locks.md §10);
 * without a session or Origin check (docs/security.md 7), its proof is the signature over the raw
 * body. 503 when smart locks or SEAM_WEBHOOK_SECRET are off, 401 on a failed check, 200 `{}`.
 */
export const POST = handle(async (context: APIContext) => {
  const rawBody = await readRawBody(context.request, WEBHOOK_BODY_LIMIT);
  const header = (name: string) => context.request.headers.get(name);
  return json(await receiveLockWebhook(rawBody, { id: header('svix-id'), timestamp: header('svix-timestamp'), signature: header('svix-signature') }));
});
