import type { SyncDb } from './sync-db.ts';

export type TestPlan = 'free' | 'gold' | 'premium';

/**
 * Test factory for a plan, written the way the admin CLI stores one (an operator's plan, no end):
 * for tests that are about what a plan allows, not about how it is bought. Straight into the
 * server's database; a running server reads plans from there on every check.
 */
export function writePlan(db: SyncDb, userId: string, plan: TestPlan): void {
  if (plan === 'free') {
    db.prepare('DELETE FROM subscriptions WHERE user_id = ?').run(userId);
    return;
  }
  db.prepare(
    `INSERT INTO subscriptions (user_id, source, plan, status, updated_at) VALUES (?, 'operator', ?, 'active', ?)
     ON CONFLICT (user_id) DO UPDATE SET source = 'operator', plan = excluded.plan, status = 'active', current_period_end = NULL, cancel_at_period_end = 0, updated_at = excluded.updated_at`,
  ).run(userId, plan, Date.now());
}
