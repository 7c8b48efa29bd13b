import type { Config } from '../platform/config.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import { rateLimitWait, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';

/**
 * The link-wide cap on wrong PINs (rate-limit.ts `pinLink`, docs/security.md 31):
 * once it is reached no PIN is compared on the guidebook's public link until the day's window ends
 * or the host changes the PIN. The host hears of it twice: one mail when it happens, and a notice
 * in the editor for as long as it lasts.
 */

/** Until when (ISO 8601) no PIN is compared on the guidebook's public link, or null. */
export async function pinGuessingStoppedUntil(guidebookId: string, now = Date.now()): Promise<string | null> {
  const wait = await rateLimitWait(rateRules.pinLink(guidebookId), now);
  return wait === undefined ? null : new Date(now + wait).toISOString();
}

/** The same for many guidebooks in one read (the dashboard's list): only those stopped are named. */
export async function pinGuessingStoppedOn(guidebookIds: readonly string[], now = Date.now()): Promise<Map<string, string>> {
  const stopped = new Map<string, string>();
  const rules = new Map(guidebookIds.map((id) => [rateRules.pinLink(id).key, id]));
  const { db } = await getRuntime();
  const keys = [...rules.keys()];
  for (let at = 0; at < keys.length; at += 500) {
    const rows = await db.selectFrom('rate_limits').select(['key', 'count', 'reset_at']).where('key', 'in', keys.slice(at, at + 500)).where('reset_at', '>', now).execute();
    for (const row of rows) {
      const id = rules.get(row.key)!;
      if (row.count >= rateRules.pinLink(id).limit) stopped.set(id, new Date(row.reset_at).toISOString());
    }
  }
  return stopped;
}

/** The mail to the host, plain text, with the editor's link; never the PIN. */
export function pinGuessingMail(config: Pick<Config, 'appUrl'>, { to, name, guidebookId, guidebookName }: { to: string; name: string; guidebookId: string; guidebookName: string }): MailMessage {
  const title = guidebookName.replace(/[\s\p{Cc}]+/gu, ' ').trim() || 'your guidebook';
  const editor = new URL(`/dashboard/edit/${encodeURIComponent(guidebookId)}`, config.appUrl).href;
  const limit = rateRules.pinLink(guidebookId).limit;
  return {
    to,
    subject: `Someone is guessing the PIN of ${title}`.slice(0, 150),
    text: [
      `Hello ${name.replace(/[\s\p{Cc}]+/gu, ' ').trim()},`,
      '',
      `${limit} wrong PINs were typed today on the public link of "${title}". To keep your door code safe, Porchlight stops checking PINs on that link for the rest of the day, so guests who have the right PIN cannot use it there either.`,
      '',
      `Change the PIN in the editor's "Guest access" panel: checking starts again at once with the new PIN. Guests on the link of their stay never need the PIN.`,
      editor,
      '',
      '— Porchlight',
      '',
    ].join('\n'),
  };
}
