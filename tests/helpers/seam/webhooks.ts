import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * The Seam stand-in's webhooks (docs/decisions/030-smart-locks.md §10, Test plan): events sent as
 * Seam sends them through Svix, the event object at the top level of the body, signed with the
 * headers `svix-id` (the same on a redelivery), `svix-timestamp` (seconds) and `svix-signature`
 * (`v1,<base64 of HMAC-SHA256 over "id.timestamp.body" keyed by the secret's bytes after whsec_>`),
 * as Svix's manual-verification page states. Every delivery is kept, so a test can send one again
 * (a replay) or send them in another order.
 */

/** A test secret as the Seam Console shows one: `whsec_` and base64 of 24 bytes. */
export const SEAM_WEBHOOK_TEST_SECRET = `whsec_${Buffer.from('porchlight-seam-test-secret-24b').toString('base64')}`;

type Json = Record<string, unknown>;

export interface Delivery {
  svixId: string;
  body: string;
}

export interface SentWebhook {
  status: number;
  svixId: string;
}

/** The `svix-signature` of `body` under `secret`. */
export function svixSignature(secret: string, svixId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${svixId}.${timestamp}.${body}`).digest('base64')}`;
}

export interface SeamWebhooks {
  /** Where events go (the app's /api/locks/webhook); unset, nothing is sent. */
  url: string;
  secret: string;
  deliveries: Delivery[];
  /** A new event of `type` about `ids` (`access_code_id`, `device_id`…), plus `extra` fields (a `code`, as Seam's carry), kept but not sent. */
  make(type: string, ids: Json, extra?: Json): Delivery;
  /** `make`, then sent. */
  send(type: string, ids: Json, extra?: Json): Promise<SentWebhook>;
  /** Sends a kept delivery again, with a fresh timestamp and signature (Svix's redelivery). */
  resend(delivery: Delivery): Promise<SentWebhook>;
  /** A raw delivery: the test chooses the headers (a bad signature, an old timestamp). */
  post(body: string, headers: Record<string, string>): Promise<Response>;
}

export function seamWebhooks(): SeamWebhooks {
  const hooks: SeamWebhooks = {
    url: '',
    secret: SEAM_WEBHOOK_TEST_SECRET,
    deliveries: [],
    make(type, ids, extra = {}) {
      const now = new Date().toISOString();
      const body = JSON.stringify({ event_id: randomUUID(), event_type: type, workspace_id: 'standin_workspace', created_at: now, occurred_at: now, ...ids, ...extra });
      const delivery = { svixId: `msg_${randomBytes(12).toString('hex')}`, body };
      hooks.deliveries.push(delivery);
      return delivery;
    },
    send: (type, ids, extra) => hooks.resend(hooks.make(type, ids, extra)),
    async resend(delivery) {
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await hooks.post(delivery.body, { 'svix-id': delivery.svixId, 'svix-timestamp': String(timestamp), 'svix-signature': svixSignature(hooks.secret, delivery.svixId, timestamp, delivery.body) });
      await response.body?.cancel();
      return { status: response.status, svixId: delivery.svixId };
    },
    post(body, headers) {
      if (!hooks.url) throw new Error('the stand-in has no webhook URL');
      return fetch(hooks.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    },
  };
  return hooks;
}

/**
 * What happens outside Porchlight, with the event Seam sends for it: a code deleted in the lock's
 * own app (`access_code.deleted_external_to_seam`, its body carrying the digits as Seam's do), a
 * lock going offline or back (`device.disconnected`, `device.connected`), a lock removed from its
 * account (`device.removed`).
 */
export function outsideControls(codes: Map<string, Json>, devices: Map<string, Json>, hooks: SeamWebhooks) {
  return {
    async deleteCode(accessCodeId: string): Promise<SentWebhook> {
      const code = codes.get(accessCodeId);
      if (!code) throw new Error(`no code ${accessCodeId}`);
      codes.delete(accessCodeId);
      return hooks.send('access_code.deleted_external_to_seam', { access_code_id: accessCodeId, device_id: code.device_id }, { code: code.code });
    },
    async setOnline(deviceId: string, online: boolean): Promise<SentWebhook> {
      const device = devices.get(deviceId);
      if (!device) throw new Error(`no device ${deviceId}`);
      (device.properties as Json).online = online;
      return hooks.send(online ? 'device.connected' : 'device.disconnected', { device_id: deviceId, connected_account_id: device.connected_account_id });
    },
    async removeDevice(deviceId: string): Promise<SentWebhook> {
      const device = devices.get(deviceId);
      devices.delete(deviceId);
      return hooks.send('device.removed', { device_id: deviceId, connected_account_id: device?.connected_account_id });
    },
  };
}
