import type { ContactMessage } from '@shared/schemas/contact.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';

export interface SendContactMessageOptions extends ContactMessage {
  /** The visitor's address as the server saw it: rate limit key, kept for abuse handling. */
  ip: string;
}

/**
 * Stores a visitor's contact message and queues its mail to the contact inbox in one transaction:
 * either both exist or neither does, and an SMTP outage only delays the mail (the outbox retries).
 * The input is already validated by the shared contact schema.
 */
export async function sendContactMessage({ name, email, message, ip }: SendContactMessageOptions): Promise<{ id: number }> {
  // Anyone can post here: a flood would fill the inbox and the table (429 past the limit).
  await consumeRateLimits([rateRules.contactIp(ip)]);
  const { db, outbox, config, log } = await getRuntime();
  const now = Date.now();

  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ kind: 'contact', user_id: null, name, email, message, ip, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await outbox.enqueue(
      {
        to: config.mail.inbox,
        // The visitor's address goes in Reply-To, never From: we only send as ourselves (SPF/DMARC).
        replyTo: email,
        subject: `Contact form: ${oneLine(name)}`,
        // Plain text only: nothing the visitor typed is ever turned into HTML.
        text: [
          'New message from the Porchlight contact form.',
          '',
          `Name: ${name}`,
          `Email: ${email}`,
          `Sent: ${new Date(now).toISOString()}`,
          `Reference: contact #${row.id}`,
          '',
          message,
          '',
        ].join('\n'),
      },
      trx,
    );
    return row.id;
  });

  outbox.kick();
  log.info({ contactMessageId: id }, 'contact: message stored and mail queued');
  return { id };
}

/** Collapses line breaks and runs of white space so a name is safe in a subject line. */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
