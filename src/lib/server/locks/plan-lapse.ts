import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * When a team whose plan no longer includes smart locks loses its lock accounts
 * (docs/decisions/030-smart-locks.md §14): its codes at Seam stay until their stays end, and its
 * accounts stay connected (each lock costs Porchlight at Seam every month) until 30 days after the
 * later of the lapse and its last code's end, and never sooner than a week after the team was
 * mailed about it. The daily pass does both (lapse-pass.ts); the Smart locks screen shows the date.
 */

const DAY_MS = 24 * 60 * 60_000;
export const LAPSE_GRACE_MS = 30 * DAY_MS;
export const LAPSE_NOTICE_MS = 7 * DAY_MS;

export interface LapseFacts {
  /** The earliest of the team's accounts' `lapsed_at`, or now when the daily pass has not seen the lapse yet. */
  lapsedAt: number;
  /** The latest end of any door code the team had made; null when it never had one. */
  lastCodeEnd: number | null;
  /** When the team was mailed that its accounts are about to go; null before. */
  mailedAt: number | null;
}

export function lapseDisconnectsAt({ lapsedAt, lastCodeEnd, mailedAt }: LapseFacts): number {
  const planned = Math.max(lapsedAt, lastCodeEnd ?? 0) + LAPSE_GRACE_MS;
  return mailedAt === null ? planned : Math.max(planned, mailedAt + LAPSE_NOTICE_MS);
}

/** The team's lapse as its accounts' rows and its codes say it, at `now`. */
export async function lapseFacts(db: Kysely<Database>, teamId: string, accounts: ReadonlyArray<{ lapsed_at: number | null; lapse_mailed_at: number | null }>, now: number): Promise<LapseFacts> {
  // Every code counts, removed ones too: one removed early only keeps the accounts a little longer.
  const last = await db.selectFrom('lock_codes').select((eb) => eb.fn.max('want_until').as('last')).where('team_id', '=', teamId).executeTakeFirst();
  const mailed = accounts.flatMap((account) => (account.lapse_mailed_at === null ? [] : [account.lapse_mailed_at]));
  return {
    lapsedAt: Math.min(now, ...accounts.flatMap((account) => (account.lapsed_at === null ? [] : [account.lapsed_at]))),
    lastCodeEnd: last?.last == null ? null : Number(last.last),
    mailedAt: mailed.length === 0 ? null : Math.max(...mailed),
  };
}
