import type http from 'node:http';
import type { SeamStandIn } from '../seam-standin.ts';

/**
 * The e2e front's control of the Seam stand-in's webhooks (tests/helpers/pms/cli.ts):
 * POST /__control/seam/webhook with one of
 * - `{ action: 'url', url }`: where events go (the app's /api/locks/webhook);
 * - `{ action: 'send', type, ids }`: a new event, signed (`ids`: `access_code_id`, `device_id`…);
 * - `{ action: 'resend', index }`: a kept delivery again (a replay; any order makes a reordering);
 * - `{ action: 'delete-outside', accessCodeId }`: the code deleted in the lock's own app, and its event;
 * - `{ action: 'offline' | 'online', deviceId }`: the lock offline or back, and its event.
 * Answers 200 `{ status, svixId }` (the app's answer to the delivery), 204 for `url`, 404 otherwise.
 */
export async function seamWebhookControl(seam: SeamStandIn, url: string, body: Buffer, res: http.ServerResponse): Promise<boolean> {
  if (url !== '/__control/seam/webhook') return false;
  const input = JSON.parse(body.toString('utf8') || '{}') as { action?: string; url?: string; type?: string; ids?: Record<string, unknown>; index?: number; accessCodeId?: string; deviceId?: string };
  const answer = (sent: { status: number; svixId: string }) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sent));
  try {
    if (input.action === 'url' && input.url) {
      seam.hooks.url = input.url;
      res.writeHead(204).end();
    } else if (input.action === 'send' && input.type) answer(await seam.hooks.send(input.type, input.ids ?? {}));
    else if (input.action === 'resend' && seam.hooks.deliveries[input.index ?? -1]) answer(await seam.hooks.resend(seam.hooks.deliveries[input.index!]!));
    else if (input.action === 'delete-outside' && input.accessCodeId) answer(await seam.outside.deleteCode(input.accessCodeId));
    else if ((input.action === 'offline' || input.action === 'online') && input.deviceId) answer(await seam.outside.setOnline(input.deviceId, input.action === 'online'));
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown action, or missing field');
  } catch (error) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(String(error));
  }
  return true;
}
