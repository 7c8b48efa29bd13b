import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { PlanId } from '@shared/plans.ts';
import { getRuntime } from '../platform/runtime.ts';
import { planChangesAt, planOfSubscription, type SubscriptionRow } from './plan-of-subscription.ts';

/** Kept for the callers that name the account's plan type. */
export type TeamPlan = PlanId;

async function findSubscriptionRow(teamId: string, trx?: Kysely<Database>): Promise<SubscriptionRow | undefined> {
  const db = trx ?? (await getRuntime()).db;
  return db.selectFrom('subscriptions').selectAll().where('team_id', '=', teamId).executeTakeFirst();
}

/** `getTeamPlan` inside a transaction (SQLite's one connection is the transaction's until it ends). */
export async function getTeamPlanIn(trx: Kysely<Database>, teamId: string): Promise<PlanId> {
  return planOfSubscription(await findSubscriptionRow(teamId, trx), Date.now());
}

/**
 * The one place that says which plan a team is on (docs/decisions/028-teams.md §8): the guidebook
 * limit and locks, the editor, the guest page's branding and theme, support numbers and upload
 * quality all ask here. It reads the synced subscription (never a client's word, docs/security.md 33).
 */
export async function getTeamPlan(teamId: string): Promise<PlanId> {
  return planOfSubscription(await findSubscriptionRow(teamId), Date.now());
}

/** The plan and when it changes by itself (for guest snapshots, which must not outlive it). */
export async function getTeamPlanWithExpiry(teamId: string): Promise<{ plan: PlanId; changesAt: number | null }> {
  const row = await findSubscriptionRow(teamId);
  const now = Date.now();
  return { plan: planOfSubscription(row, now), changesAt: planChangesAt(row, now) };
}
