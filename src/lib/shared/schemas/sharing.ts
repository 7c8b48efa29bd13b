import { z } from 'zod';
import { messages } from '../messages.ts';
import { EMAIL_MAX } from './auth.ts';

const text = messages.sharing;

/** The two files GET /api/instruction/:id/qr answers. */
export const QR_FORMATS = ['png', 'svg'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export function isQrFormat(value: string): value is QrFormat {
  return (QR_FORMATS as readonly string[]).includes(value);
}

/**
 * POST /api/instruction/:id/share `{ email }`: the guest's address, trimmed and lower-cased (one
 * rate-limit counter per mailbox, whatever its case). Used by the share dialog's form as well.
 */
export const shareByEmailSchema = z.object(
  {
    email: z
      .string({ error: text.emailRequired })
      .trim()
      .min(1, text.emailRequired)
      .max(EMAIL_MAX, text.emailInvalid)
      .pipe(z.email(text.emailInvalid))
      .transform((value) => value.toLowerCase()),
  },
  { error: text.emailRequired },
);

export type ShareByEmailInput = z.input<typeof shareByEmailSchema>;
export type ShareByEmail = z.output<typeof shareByEmailSchema>;
