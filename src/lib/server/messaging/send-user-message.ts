import type { UserMessage } from '@shared/schemas/user-message.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';

export interface SendUserMessageOptions extends UserMessage {
  /** The signed-in host who sends it (support page or feedback survey). */
  userId: string;
  accountEmail: string;
  ip: string;
}

/**
 * Stores a signed-in host's message and queues its mail to the contact inbox in one transaction,
 * like send-contact-message.ts. Feedback arrives as HTML paragraphs (docs/product.md §3); it is turned into
 * plain text before it is stored or mailed, so nothing a user typed is ever sent as HTML.
 */
export async function sendUserMessage({ userId, accountEmail, name, email, message, ip }: SendUserMessageOptions): Promise<{ id: number }> {
  await consumeRateLimits([rateRules.userMessageUser(userId), rateRules.userMessageIp(ip)]);
  const { db, outbox, config, log } = await getRuntime();
  const text = htmlToText(message);
  const now = Date.now();

  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ kind: 'user', user_id: userId, name, email, message: text, ip, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await outbox.enqueue(
      {
        to: config.mail.inbox,
        replyTo: email,
        subject: `Message from a host: ${oneLine(name)}`,
        text: [
          'New message from a signed-in Porchlight host (support or feedback).',
          '',
          `Name: ${name}`,
          `Email: ${email}`,
          `Account: ${userId} (${accountEmail})`,
          `Sent: ${new Date(now).toISOString()}`,
          `Reference: user message #${row.id}`,
          '',
          text,
          '',
        ].join('\n'),
      },
      trx,
    );
    return row.id;
  });

  outbox.kick();
  log.info({ contactMessageId: id, userId }, 'messaging: user message stored and mail queued');
  return { id };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Paragraphs and breaks become line breaks, every other tag goes, entities are decoded once. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|li|h[1-6])\s*>/gi, '\n\n')
    .replace(/<[^>]*>?/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      if (body[0] !== '#') return ENTITIES[body.toLowerCase()] ?? entity;
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
