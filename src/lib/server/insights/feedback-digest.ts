import type { Kysely } from 'kysely';
import type { Database, GuestFeedbackTable } from '@db/schema.ts';
import { escapeHtml } from '@shared/escape-html.ts';
import { GUEST_FEEDBACK_EDIT_MS } from '@shared/schemas/guest-feedback.ts';
import { teamContact } from '../account/team-contact.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import type { MailMessage } from '../platform/mail/compose-mail.ts';
import type { Outbox } from '../platform/mail/outbox.ts';

const HOUR_MS = 60 * 60_000;
/** A host's mail waits until the oldest answer not mailed yet is this old: at most one mail a day. */
export const DIGEST_AFTER_MS = 24 * HOUR_MS;
/** Hosts mailed in one turn; the rest wait for the next (an hour later). */
const HOSTS_PER_TURN = 200;

/** Where the host reads a guidebook's insights (the dashboard's view). */
export const insightsPath = (instructionId: string) => `/dashboard/insights/${encodeURIComponent(instructionId)}`;

type Answer = Pick<GuestFeedbackTable, 'instruction_id' | 'helpful' | 'comment' | 'created_at'>;

/**
 * The daily mail of guest feedback (docs/product/insights.md). The rule is simple on purpose:
 * a host is mailed once the oldest answer not mailed yet is a day old, listing every answer not
 * mailed yet that its guest can no longer change (GUEST_FEEDBACK_EDIT_MS after it was sent). So a
 * host gets at most one mail a day, only on days with feedback, and each answer still reaches
 * them within 25 hours (the turn is hourly; one left for the next mail is the oldest then). The
 * answers are marked mailed in the transaction that queues the mail (`UPDATE … WHERE digested_at
 * IS NULL RETURNING`), so across servers, or two turns at once, each answer is mailed once.
 */
export async function sendFeedbackDigests({ db, outbox, appUrl, log }: { db: Kysely<Database>; outbox: Outbox; appUrl: URL; log: Logger }, now = Date.now()): Promise<number> {
  const due = await db
    .selectFrom('guest_feedback')
    .select('team_id')
    .where('digested_at', 'is', null)
    .groupBy('team_id')
    .having((eb) => eb.fn.min('created_at'), '<=', now - DIGEST_AFTER_MS)
    .limit(HOSTS_PER_TURN)
    .execute();
  let sent = 0;
  for (const { team_id: teamId } of due) {
    const queued = await db.transaction().execute(async (trx) => {
      // Answers a guest may still add a comment to wait for the next mail; a listed one is final.
      const answers = await trx
        .updateTable('guest_feedback')
        .set({ digested_at: now, edit_token_hash: null })
        .where('team_id', '=', teamId)
        .where('digested_at', 'is', null)
        .where('created_at', '<=', now - GUEST_FEEDBACK_EDIT_MS)
        .returning(['instruction_id', 'helpful', 'comment', 'created_at'])
        .execute();
      if (answers.length === 0) return false;
      const host = await teamContact(trx, teamId);
      if (!host) return false;
      const guidebooks = await trx.selectFrom('instructions').select(['id', 'data']).where('id', 'in', [...new Set(answers.map((answer) => answer.instruction_id))]).execute();
      const names = new Map(guidebooks.map((row) => [row.id, oneLine(parseStoredContent(row.data).nameInstruction) || 'Untitled guidebook']));
      await outbox.enqueue(feedbackDigestMail({ to: host.email, answers, names, appUrl }), trx);
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) {
    outbox.kick();
    log.info({ hosts: sent }, 'feedback: daily mails queued');
  }
  return sent;
}

/** Per guidebook (most answers first): yes and no counts, the comments newest first, and its insights link. */
export function feedbackDigestMail({ to, answers, names, appUrl }: { to: string; answers: Answer[]; names: Map<string, string>; appUrl: URL }): MailMessage {
  const byGuidebook = new Map<string, Answer[]>();
  for (const answer of answers) byGuidebook.set(answer.instruction_id, [...(byGuidebook.get(answer.instruction_id) ?? []), answer]);
  const groups = [...byGuidebook].sort((a, b) => b[1].length - a[1].length).map(([id, list]) => ({
    name: names.get(id) ?? 'Untitled guidebook',
    yes: list.filter((answer) => answer.helpful === 1).length,
    no: list.filter((answer) => answer.helpful !== 1).length,
    comments: list
      .filter((answer) => answer.comment)
      .sort((a, b) => b.created_at - a.created_at)
      .map((answer) => ({ helpful: answer.helpful === 1, text: answer.comment })),
    link: new URL(insightsPath(id), appUrl).href,
  }));
  const count = answers.length === 1 ? '1 new answer' : `${answers.length} new answers`;
  const subject = `Guest feedback: ${count}`;
  const intro = 'Guests answered "Was this guidebook helpful?":';
  const tally = (group: (typeof groups)[number]) => `${group.yes} yes, ${group.no} no`;
  const text = [
    intro,
    '',
    ...groups.flatMap((group) => [
      `${group.name}: ${tally(group)}`,
      ...group.comments.map((comment) => `  ${comment.helpful ? 'Yes' : 'No'}: ${comment.text.replace(/\n/g, '\n    ')}`),
      `  See it in your insights: ${group.link}`,
      '',
    ]),
    '— Porchlight',
    '',
  ].join('\n');
  const p = 'margin:0 0 12px;font-size:15px;line-height:1.5;color:#44403c;';
  // Everything a guest typed is escaped; mail clients ignore <style>, so the styles are inline.
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#faf8f5;color:#1c1917;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e7e2dc;border-radius:16px;padding:28px;">
<p style="${p}">${escapeHtml(intro)}</p>
${groups
  .map(
    (group) => `<h2 style="margin:20px 0 4px;font-size:18px;color:#1c1917;">${escapeHtml(group.name)}</h2>
<p style="${p}">${escapeHtml(tally(group))}</p>
${group.comments.map((comment) => `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #e7e2dc;white-space:pre-line;font-size:15px;color:#1c1917;"><strong>${comment.helpful ? 'Yes' : 'No'}:</strong> ${escapeHtml(comment.text)}</blockquote>`).join('\n')}
<p style="${p}"><a href="${escapeHtml(group.link)}" style="color:#b4460a;">See it in your insights</a></p>`,
  )
  .join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#57534e;">— Porchlight</p>
</div>
</body>
</html>`;
  return { to, subject, text, html };
}

function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
