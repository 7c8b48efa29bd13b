import type { Kysely, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { teamContact } from '../account/team-contact.ts';
import type { Config } from '../platform/config.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import { enqueueGuestMail } from '../http/mail-budget.ts';
import type { Outbox } from '../platform/mail/outbox.ts';
import { stayMail } from './stay-mail.ts';
import { stayUrl } from './stay-link.ts';

/**
 * One turn of a mail that goes to stays' guests by itself before arrival: the reminder
 * (arrival-reminders.ts) and a booking system's stay link (stay-link-mails.ts). SQL narrows to the
 * stays the mail could be due for, soonest check-in first, a page at a time; `due` decides with the
 * guidebook's content. Each mail is claimed by compare-and-set (`claim`) in the transaction that
 * queues it, through the daily mail budget (docs/security.md 37): two servers, or a turn that
 * overlaps a restart, cannot both send it, and past the budget the claim rolls back so a later
 * turn tries again while the mail is still due.
 */
export interface GuestMailDeps {
  db: Kysely<Database>;
  outbox: Outbox;
  config: Pick<Config, 'appUrl'>;
  log: Logger;
}

/** Stays read at a time, soonest check-in first. */
const PAGE = 200;
/** A turn's ceiling on mails; the rest waits for the next turn. */
const PER_TURN = 500;

const COLUMNS = [
  'stays.id',
  'stays.token',
  'stays.guest_name',
  'stays.guest_email',
  'stays.language',
  'stays.check_in',
  'stays.check_out',
  'stays.early_checkin_from',
  'stays.late_checkout_until',
  'stays.instruction_id',
  'stays.pms_reservation_id',
  'stays.link_mailed_at',
  'instructions.data',
  'instructions.team_id',
] as const;

type StaysQuery = ReturnType<typeof baseQuery>;
export type DueStay = Awaited<ReturnType<StaysQuery['executeTakeFirstOrThrow']>>;

const baseQuery = (db: Kysely<Database>, now: number, aheadMs: number) =>
  db
    .selectFrom('stays')
    .innerJoin('instructions', 'instructions.id', 'stays.instruction_id')
    .select(COLUMNS)
    .where('stays.guest_email', '!=', '')
    .where('stays.first_opened_at', 'is', null)
    // An early check-in only moves it earlier: a check-in past is past.
    .where('stays.check_in', '>', now)
    .where('stays.check_in', '<=', now + aheadMs)
    .where('instructions.deleted_at', 'is', null);

export interface GuestMailKind {
  /** For the log: "arrival reminder", "stay link". */
  what: string;
  kind: 'link' | 'reminder';
  /** The furthest ahead a check-in may be for the mail to be due. */
  aheadMs: number;
  narrow: (query: StaysQuery) => StaysQuery;
  due: (row: DueStay, content: InstructionContent) => boolean;
  /** The compare-and-set that marks the stay mailed; its WHERE repeats what must still hold. */
  claim: (trx: Transaction<Database>, row: DueStay) => UpdateQueryBuilder<Database, 'stays', 'stays', UpdateResult>;
}

/** One turn of `mail`: queues what is due at `now`; resolves with how many. */
export async function guestMailTurn({ db, outbox, config, log }: GuestMailDeps, mail: GuestMailKind, now: number): Promise<number> {
  let sent = 0;
  let after: { checkIn: number; id: string } | null = null;
  // Signed with the team owner's name (docs/decisions/028-teams.md §8), read once per team a turn.
  const signers = new Map<string, Promise<string>>();
  const signer = (teamId: string) => signers.get(teamId) ?? signers.set(teamId, teamContact(db, teamId).then((owner) => owner?.name ?? '')).get(teamId)!;
  while (sent < PER_TURN) {
    let query = mail.narrow(baseQuery(db, now, mail.aheadMs));
    if (after) {
      const { checkIn, id } = after;
      query = query.where((eb) => eb.or([eb('stays.check_in', '>', checkIn), eb.and([eb('stays.check_in', '=', checkIn), eb('stays.id', '>', id)])]));
    }
    const rows = await query.orderBy('stays.check_in').orderBy('stays.id').limit(PAGE).execute();
    const contents = new Map<string, InstructionContent>();
    for (const row of rows) {
      let stored = contents.get(row.instruction_id);
      if (!stored) contents.set(row.instruction_id, (stored = parseStoredContent(row.data)));
      if (!mail.due(row, stored)) continue;
      const message = stayMail({ to: row.guest_email, stored, stay: row, userName: await signer(row.team_id), url: stayUrl(config, row.token), kind: mail.kind });
      const queued = await db
        .transaction()
        .execute(async (trx) => {
          const claimed = await mail.claim(trx, row).executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return null;
          const result = await enqueueGuestMail(outbox, trx, message, row.team_id, now);
          if (!result.queued) throw OVER_BUDGET;
          return result.id;
        })
        .catch((error: unknown) => {
          if (error !== OVER_BUDGET) throw error;
          log.info({ stayId: row.id, instructionId: row.instruction_id }, `stays: ${mail.what} held back, past the daily mail budget`);
          return null;
        });
      if (queued === null) continue;
      log.info({ stayId: row.id, instructionId: row.instruction_id, outboxId: queued }, `stays: ${mail.what} queued`);
      sent += 1;
      if (sent >= PER_TURN) break;
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) break;
    after = { checkIn: last.check_in, id: last.id };
  }
  if (sent > 0) outbox.kick();
  return sent;
}

/** Thrown inside a mail's transaction to roll its claim back; never escapes guestMailTurn. */
const OVER_BUDGET = Symbol('over the mail budget');
