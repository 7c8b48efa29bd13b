import type { SyncDb } from './sync-db.ts';

export type TestPlan = 'free' | 'gold' | 'premium';

/**
 * Test factory for a plan, written the way the admin CLI stores one (an operator's plan, no end):
 * for tests that are about what a plan allows, not about how it is bought. The plan is the team's
 * that `userId` owns (docs/decisions/028-teams.md §8). Straight into the server's database; a
 * running server reads plans from there on every check.
 */
export function writePlan(db: SyncDb, userId: string, plan: TestPlan): void {
  const owned = db.prepare("SELECT team_id FROM memberships WHERE user_id = ? AND role = 'owner'").get(userId) as { team_id: string } | undefined;
  if (!owned) throw new Error(`writePlan: ${userId} owns no team`);
  if (plan === 'free') {
    db.prepare('DELETE FROM subscriptions WHERE team_id = ?').run(owned.team_id);
    return;
  }
  db.prepare(
    `INSERT INTO subscriptions (team_id, source, plan, status, updated_at) VALUES (?, 'operator', ?, 'active', ?)
     ON CONFLICT (team_id) DO UPDATE SET source = 'operator', plan = excluded.plan, status = 'active', current_period_end = NULL, cancel_at_period_end = 0, updated_at = excluded.updated_at`,
  ).run(owned.team_id, plan, Date.now());
}
