import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { kickLockCodes } from './code-kick.ts';
import { locksOffReason } from './lock-config.ts';
import { verifySvix, type SvixHeaders } from './svix-verify.ts';

/**
 * Seam's webhooks (docs/decisions/030-smart-locks.md §10): hints, never facts. Verified by their
 * Svix signature by hand with node:crypto, reduced to the subject's id (the body, which may hold a
 * door code, is dropped unread and never logged), filed once by `svix-id` in `lock_webhook_inbox`,
 * and answered 200 `{}`; the worker then re-reads each subject from Seam (webhook-inbox.ts).
 */

const SeamId = z.string().min(1).max(100);

/** Only the ids: no passthrough, so the `code` and every other field stay unread. */
const EventIds = z.object({
  event_type: z.string().min(1).max(100),
  access_code_id: SeamId.optional(),
  device_id: SeamId.optional(),
  connected_account_id: SeamId.optional(),
  connect_webview_id: SeamId.optional(),
});

type Subject = 'access_code' | 'device' | 'connected_account' | 'connect_webview';
const SUBJECTS: readonly Subject[] = ['access_code', 'device', 'connected_account', 'connect_webview'];

/** The event's subject, the most particular id first (§10 step 2); undefined for a body we cannot read. */
export function subjectOf(rawBody: Buffer): { eventType: string; subject: Subject; subjectId: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const ids = EventIds.safeParse(parsed);
  if (!ids.success) return undefined;
  const subject = SUBJECTS.find((name) => ids.data[`${name}_id`] !== undefined);
  return subject ? { eventType: ids.data.event_type, subject, subjectId: ids.data[`${subject}_id`]! } : undefined;
}

/** POST /api/locks/webhook: 503 when off, 401 on any failed check (nothing stored), else filed once and 200. */
export async function receiveLockWebhook(rawBody: Buffer, headers: SvixHeaders, now = Date.now()): Promise<Record<string, never>> {
  const { db, config } = await getRuntime();
  const secret = config.seam?.webhookSecret;
  if (locksOffReason(config) !== undefined || !secret) throw new AppError('SERVICE_UNAVAILABLE', messages.locks.notConfigured);
  if (!verifySvix(secret, headers, rawBody, now)) throw new AppError('UNAUTHORIZED', messages.locks.webhookRefused);
  const event = subjectOf(rawBody);
  // A signed event we have no use for (no subject we keep) is answered so Svix stops, and filed as nothing.
  if (!event) return {};
  const filed = await db
    .insertInto('lock_webhook_inbox')
    .values({ svix_id: headers.id!.slice(0, 200), event_type: event.eventType, subject: event.subject, subject_id: event.subjectId, received_at: now, next_attempt_at: now })
    .onConflict((conflict) => conflict.column('svix_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (filed) kickLockCodes();
  return {};
}
