import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, LockCodesTable } from '@db/schema.ts';

/**
 * A stay's door code's life, as one table (docs/decisions/030-smart-locks.md §5, printed in
 * docs/product/locks.md): every change of `lock_codes.state` is a row here, and `changeCodeState`
 * is the one function that writes a state, after finding the row for the state it read. It writes
 * by compare-and-set on the state read: of two simultaneous decisions on one code, one wins and the
 * other writes nothing (its caller reads the code again). The stay's revision is not part of it, so
 * a marking during a Seam call never loses what Seam answered; the worker's `done_revision` is.
 */
export type CodeRow = Selectable<LockCodesTable>;

export type CodeState = CodeRow['state'];

export type CodeEvent = 'need' | 'created' | 'confirm' | 'confirm-late' | 'fault' | 'clear' | 'move' | 'recreate' | 'host-code' | 'outside' | 'outside-again' | 'fallback' | 'give-up' | 'unwant' | 'gone' | 'leave' | 'ended';

export type CodeActor = 'stay' | 'worker' | 'job' | 'host';

export interface CodeTransition {
  event: CodeEvent;
  /** null: no live row yet. */
  from: CodeState | null;
  to: CodeState;
  by: readonly CodeActor[];
  when: string;
}

const LIVE: readonly CodeState[] = ['due', 'sent', 'confirmed', 'trouble', 'backup', 'manual', 'failed', 'removing'];

export const LOCK_CODE_TRANSITIONS: readonly CodeTransition[] = [
  { event: 'need', from: null, to: 'due', by: ['stay', 'host', 'job'], when: 'a stay of a locked guidebook exists' },
  { event: 'created', from: 'due', to: 'sent', by: ['worker'], when: 'Seam accepted the create (or a code the worker had made was adopted)' },
  ...(['sent', 'trouble'] as const).map((from) => ({ event: 'confirm' as const, from, to: 'confirmed' as const, by: ['worker', 'job'] as const, when: 'Seam reports it scheduled on the device or set, with a code, no error' })),
  { event: 'confirm-late', from: 'failed', to: 'confirmed', by: ['worker', 'job'], when: 'the code reached the lock after all, before check-out' },
  ...(['due', 'sent', 'confirmed'] as const).map((from) => ({ event: 'fault' as const, from, to: 'trouble' as const, by: ['worker', 'job'] as const, when: 'Seam reports an error on the code, or refused a create or update' })),
  { event: 'clear', from: 'trouble', to: 'sent', by: ['worker', 'job'], when: 'the error is gone, the code not yet confirmed' },
  ...(['sent', 'confirmed', 'trouble'] as const).map((from) => ({ event: 'move' as const, from, to: 'sent' as const, by: ['worker'] as const, when: "the stay's window changed and Seam accepted the update" })),
  ...(['backup', 'manual'] as const).map((from) => ({ event: 'move' as const, from, to: from, by: ['worker'] as const, when: "the stay's window changed: the code's end follows" })),
  { event: 'recreate', from: 'trouble', to: 'due', by: ['worker', 'host'], when: 'the failing code is deleted at Seam and a new one made: "Try again", or the worker an hour after it was sent, at most 3 times, while the deadline is more than an hour away' },
  { event: 'recreate', from: 'failed', to: 'due', by: ['host'], when: 'the failed code is deleted at Seam and a new one made ("Try again")' },
  ...(['trouble', 'failed', 'backup'] as const).map((from) => ({ event: 'host-code' as const, from, to: 'manual' as const, by: ['host'] as const, when: 'a member typed the code they set on the lock themselves (Arrivals, "Type a code")' })),
  ...(['sent', 'confirmed', 'trouble'] as const).map((from) => ({ event: 'outside' as const, from, to: 'due' as const, by: ['worker'] as const, when: 'Seam no longer has the code (deleted outside Porchlight): made again once, with the same digits when the guest has seen them; the host is mailed' })),
  ...(['sent', 'confirmed', 'trouble'] as const).map((from) => ({ event: 'outside-again' as const, from, to: 'failed' as const, by: ['worker'] as const, when: 'deleted outside Porchlight a second time within 24 hours: not made again; the host is mailed' })),
  ...(['due', 'sent', 'trouble'] as const).map((from) => ({ event: 'fallback' as const, from, to: 'backup' as const, by: ['job', 'worker'] as const, when: "the deadline passed unconfirmed and the lock's pool gave a code" })),
  ...(['due', 'sent', 'trouble'] as const).map((from) => ({ event: 'give-up' as const, from, to: 'failed' as const, by: ['job', 'worker'] as const, when: 'the deadline passed and no backup code could be had' })),
  ...LIVE.filter((from) => from !== 'removing').map((from) => ({ event: 'unwant' as const, from, to: 'removed' as const, by: ['stay', 'worker', 'job', 'host'] as const, when: 'not wanted any more, and nothing at Seam to delete' })),
  ...(['sent', 'confirmed', 'trouble', 'backup', 'failed'] as const).map((from) => ({ event: 'unwant' as const, from, to: 'removing' as const, by: ['worker'] as const, when: 'not wanted any more: the worker deletes the code and its backup' })),
  { event: 'gone', from: 'removing', to: 'removed', by: ['worker'], when: 'Seam answered the delete, or 404' },
  ...(['sent', 'confirmed', 'trouble', 'failed', 'manual'] as const).map((from) => ({ event: 'leave' as const, from, to: 'left' as const, by: ['worker'] as const, when: 'an offline code not wanted any more, or moved: it cannot be withdrawn or changed, so it is left to run out (a moved stay gets a new code)' })),
  ...LIVE.map((from) => ({ event: 'ended' as const, from, to: 'removed' as const, by: ['job'] as const, when: "the stay's check-out passed: Seam removes a time-bound code at its end itself" })),
];

/** The row of `event` from `from` (to `to`, when the event has several), or undefined. */
export function codeTransitionOf(event: CodeEvent, from: CodeState | null, to?: CodeState): CodeTransition | undefined {
  return LOCK_CODE_TRANSITIONS.find((row) => row.event === event && row.from === from && (to === undefined || row.to === to));
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one writer of `lock_codes.state` for a live row: `event` from the state `code` was read in,
 * with `set` (the columns the step decided) in the same statement, by compare-and-set on the state
 * read. Answers the row as written, or null when the table has no such move or the row
 * changed meanwhile (another step came first). A move whose table row has several ends names `to`.
 */
export async function changeCodeState(
  db: Db,
  code: Pick<CodeRow, 'id' | 'state'>,
  event: CodeEvent,
  { now, set = {}, to }: { now: number; set?: Updateable<LockCodesTable>; to?: CodeState },
): Promise<CodeRow | null> {
  const row = codeTransitionOf(event, code.state, to);
  if (!row) return null;
  const written = await db
    .updateTable('lock_codes')
    .set({ ...set, state: row.to, updated_at: now })
    .where('id', '=', code.id)
    .where('state', '=', code.state)
    .returningAll()
    .executeTakeFirst();
  return written ?? null;
}
