import { isLiveStatus } from '@shared/schemas/billing.ts';
import type { SubscriptionsTable } from '@db/schema.ts';
import { lockForTransaction } from '../../platform/db/dialect.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { afterHostPagesChange } from '../../guidebook/guidebook-writes.ts';
import { planChangesAt, planOfSubscription, type SubscriptionRow } from '../../account/plan-of-subscription.ts';

/** What a sync (or the admin CLI) found: the row to keep, without its key and stamp. */
export type SubscriptionState = Omit<SubscriptionsTable, 'team_id' | 'updated_at'>;

export interface StripeEventRef {
  id: string;
  type: string;
}

export interface ApplyOutcome {
  /** The event was handled before: nothing was written (docs/security.md 21). */
  duplicate: boolean;
  /** The plan the user's features follow changed (or when it will change by itself). */
  planChanged: boolean;
}

/**
 * Whether `state` from `source` replaces the stored row. A live Stripe subscription (someone pays)
 * outranks an operator's plan; an operator's plan is not undone by an old, ended Stripe one, and
 * replaces only such an ended one.
 */
function replaces(before: SubscriptionRow | undefined, source: SubscriptionState['source'], state: SubscriptionState | null): boolean {
  if (!before) return state !== null;
  if (before.source === source) return true;
  if (source === 'stripe') return state !== null && isLiveStatus(state.status);
  return !isLiveStatus(before.status);
}

/**
 * The one write path of a team's subscription: a Stripe sync and the admin CLI both land here.
 * The handled event's id goes in under its UNIQUE key in the same transaction as the row, so a
 * redelivered event finds it and changes nothing. After the commit, a change of plan rebuilds the
 * owner's guest snapshots (branding and theme depend on it, docs/product.md §4).
 */
export async function applySubscriptionState({
  teamId,
  source,
  state,
  event,
}: {
  teamId: string;
  source: SubscriptionState['source'];
  state: SubscriptionState | null;
  event?: StripeEventRef;
}): Promise<ApplyOutcome> {
  const { db, dialect } = await getRuntime();
  const now = Date.now();
  const result = await db.transaction().execute(async (trx) => {
    // Two servers syncing one team (webhook and return page) decide on the row as the other left it.
    await lockForTransaction(trx, dialect, `subscription:${teamId}`);
    if (event) {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, received_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
    }
    const before = await trx.selectFrom('subscriptions').selectAll().where('team_id', '=', teamId).executeTakeFirst();
    if (!replaces(before, source, state)) return { before, after: before };
    if (!state) {
      await trx.deleteFrom('subscriptions').where('team_id', '=', teamId).execute();
      return { before, after: undefined };
    }
    const after: SubscriptionRow = { ...state, team_id: teamId, updated_at: now };
    await trx
      .insertInto('subscriptions')
      .values(after)
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ ...state, updated_at: now }))
      .execute();
    return { before, after };
  });
  if (!result) return { duplicate: true, planChanged: false };

  const planChanged =
    planOfSubscription(result.before, now) !== planOfSubscription(result.after, now) ||
    planChangesAt(result.before, now) !== planChangesAt(result.after, now);
  if (planChanged) await afterHostPagesChange(teamId);
  return { duplicate: false, planChanged };
}

/** An event that needs no sync (a type we do not act on), recorded so a redelivery is known. */
export async function recordStripeEvent(event: StripeEventRef): Promise<boolean> {
  const { db } = await getRuntime();
  const inserted = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: Date.now() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}
