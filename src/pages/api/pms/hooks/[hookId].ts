import type { APIContext } from 'astro';
import { handle, json } from '@server/http/json.ts';
import { receiveHook } from '@server/pms/hooks.ts';
import { kickInbox } from '@server/pms/inbox-worker.ts';

/**
 * POST /api/pms/hooks/:hookId, and GET for Beds24's body-less form: a booking system's webhook
 * (docs/decisions/029-pms-connectors.md §5), public and exempt from the Origin check like Stripe's
 * (docs/security.md 7); the hook id in the path and the adapter's check are its proof. 200 `{}`
 * once the hint is queued (or when there is nothing to queue); 401, 404, 413, 429 otherwise.
 */
const receive = handle(async (context: APIContext) => {
  if (await receiveHook(context.params.hookId ?? '', context.request)) kickInbox();
  return json({});
});

export const POST = receive;
export const GET = receive;
