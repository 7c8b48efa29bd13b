import type { Settings } from '@shared/schemas/settings.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { cleanSettings, saveSettings } from './save-settings.ts';

/** PUT /api/settings: replaces the team's auto-fill settings, with its line in the team's activity; answers them as stored. */
export async function updateSettings({ access, settings }: { access: TeamAccess; settings: Settings }): Promise<Settings> {
  const { db, dialect } = await getRuntime();
  const clean = cleanSettings(await inHostCurrency(access.teamId, settings), access.teamId);
  await db.transaction().execute(async (trx) => {
    await saveSettings(trx, dialect, { teamId: access.teamId, settings: clean });
    await recordActivity(trx, { teamId: access.teamId, by: memberActor(access), action: 'settings.saved', details: {} });
  });
  return clean;
}
