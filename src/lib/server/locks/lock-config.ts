import { planIncludesLocks } from '@shared/plans.ts';
import { messages } from '@shared/messages.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import type { TeamScope } from '../account/team-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Config } from '../platform/config.ts';
import { getRuntime } from '../platform/runtime.ts';

/**
 * On or off, and why (docs/decisions/030-smart-locks.md §2): smart locks need Porchlight's Seam
 * key (SEAM_API_KEY) and the key secrets are sealed under (SECRETS_KEY, for the codes of slice 2).
 * Off, every lock route answers 503 before it reads its body, and nothing else changes.
 */

export type SeamSettings = NonNullable<Config['seam']>;

/** The start's one line when smart locks are off; undefined when they are on. */
export function locksOffReason(config: Pick<Config, 'seam' | 'secretsKeys'>): string | undefined {
  if (!config.seam) return 'smart locks off: set SEAM_API_KEY (and SECRETS_KEY, SEAM_WEBHOOK_SECRET)';
  if (!config.secretsKeys) return 'smart locks off: set SECRETS_KEY';
  return undefined;
}

/** The routes' step after the role: 503 `messages.locks.notConfigured` when off. */
export async function requireLocks(): Promise<SeamSettings> {
  const { config } = await getRuntime();
  if (locksOffReason(config) !== undefined || !config.seam) throw new AppError('SERVICE_UNAVAILABLE', messages.locks.notConfigured);
  return config.seam;
}

/** Whether the team's plan includes smart locks (Premium, §14). */
export async function teamHasLocks(access: TeamScope): Promise<boolean> {
  return planIncludesLocks(await getTeamPlan(access.teamId));
}

/** Every lock route but the screen's read: 403 `messages.locks.needsPremium` on Free and Gold. */
export async function requireLocksPlan(access: TeamScope): Promise<void> {
  if (!(await teamHasLocks(access))) throw new AppError('FORBIDDEN', messages.locks.needsPremium);
}

/**
 * Every lock route's steps after the role (`authorize(access, 'locks.manage')`, 403), in order
 * (§2, §13, §14): the feature on (503, before the body is read), and, but for the screen's read,
 * the plan (403).
 */
export async function lockRoute(access: TeamScope, { plan = true }: { plan?: boolean } = {}): Promise<SeamSettings> {
  const settings = await requireLocks();
  if (plan) await requireLocksPlan(access);
  return settings;
}
