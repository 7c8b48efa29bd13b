import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { Currency } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import type { PayoutState } from '@shared/payouts.ts';
import { lockingRows } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { recordRevision } from '../guidebook/record-revision.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { getSettings } from '../guidebook/get-settings.ts';
import { saveSettings } from './save-settings.ts';
import { getPayoutState } from '../money/payouts/get-payout-state.ts';
import { repricedExtras } from '../account/host-currency.ts';

/**
 * PUT /api/payouts/currency: the one currency of the team's extras
 * (docs/decisions/020-extras-and-the-money-flow.md, one currency per account, the team), a setting of
 * the account applied to every guidebook and to Auto-Fill, like apply-settings-to-instructions.ts. A row may hold
 * a currency without a Stripe account. Once a guest has ordered, the currency stays (409): an
 * order keeps the currency it was sold in, and the host's books with it.
 *
 * The extras already written follow in the same transaction, so no guidebook sells in the old
 * currency: each guidebook's (a new version with its revision, its guest pages republished) and
 * Auto-Fill's defaults, the same numbers in the new currency (repricedAmount).
 */
export async function setHostCurrency({ access, currency }: { access: TeamAccess; currency: Currency }): Promise<PayoutState> {
  const { db, dialect } = await getRuntime();
  const { teamId } = access;
  const before = await getPayoutState({ access });
  if (before.currency === currency) return before;
  const ordered = await db.selectFrom('orders').select('id').where('team_id', '=', teamId).limit(1).executeTakeFirst();
  if (ordered) throw new AppError('CONFLICT', messages.payouts.currencyLocked);
  // Read before the transaction: on SQLite a read outside it would wait for it.
  const settings = await getSettings({ access });
  const now = Date.now();
  const written = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payout_accounts')
      .values({ team_id: teamId, currency, charges_enabled: 0, details_submitted: 0, payouts_enabled: 0, updated_at: now })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ currency, updated_at: now }))
      .execute();
    const defaults = repricedExtras(settings.extras, currency);
    if (defaults) await saveSettings(trx, dialect, { teamId, settings: { ...settings, extras: defaults } });
    return repriceGuidebooks(trx, access, currency, now);
  });
  for (const id of written) await afterGuidebookWrite({ id });
  return getPayoutState({ access });
}

/** Every guidebook of the team (in the trash too, so a restore sells in the right currency) with its extras repriced; answers the ids written. */
async function repriceGuidebooks(trx: Kysely<Database>, { teamId, userId }: TeamAccess, currency: Currency, now: number): Promise<string[]> {
  const { dialect } = await getRuntime();
  const rows = await lockingRows(dialect, trx.selectFrom('instructions').selectAll().where('team_id', '=', teamId)).execute();
  const written: string[] = [];
  for (const row of rows) {
    const content = parseStoredContent(row.data);
    const extras = repricedExtras(content.extras, currency);
    if (!extras) continue;
    const saved = await trx
      .updateTable('instructions')
      .set((eb) => ({ data: JSON.stringify({ ...content, extras }), version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRevision(trx, { row: saved, before: row, authorId: userId, source: 'saved', note: `Extras priced in ${currency.toUpperCase()} (Payouts)` });
    written.push(row.id);
  }
  return written;
}
