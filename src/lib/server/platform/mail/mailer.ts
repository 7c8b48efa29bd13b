import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { composeMail, type MailMessage } from './compose-mail.ts';

export type { MailMessage };

/** Delivers one message or throws; retries are the outbox's job. */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const SEND_TIMEOUT_MS = 15_000;

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox and its
 * links are logged, so a local user can follow a verification link without a mail server. Both
 * send the message compose-mail.ts builds, links whole on their lines.
 */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, log: Logger): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const transport = createTransport({ url: config.mail.smtpUrl, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS });
    return {
      kind: 'smtp',
      async send(message) {
        const mail = composeMail({ ...message, from });
        // The text part may be 8bit: declare it (BODY=8BITMIME) to servers that announce 8BITMIME.
        await transport.sendMail({ envelope: { ...mail.getEnvelope(), use8BitMime: true }, raw: await mail.build() });
      },
      close: () => transport.close(),
    };
  }

  const dir = path.join(config.dataDir, 'outbox');
  return {
    kind: 'file',
    async send(message) {
      const mail = composeMail({ ...message, from }, { newline: 'unix' });
      const bytes = await mail.build();
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${mail.messageId().replace(/[^\w.-]/g, '')}.eml`;
      const file = path.join(dir, name);
      // Written under a hidden name, then renamed (as Maildir does): a reader of *.eml never sees half a mail.
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail: written to outbox folder');
    },
    close: () => undefined,
  };
}
