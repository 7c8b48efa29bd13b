import type { Settings } from '@shared/schemas/settings.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { cleanSettings, saveSettings } from './save-settings.ts';

/** PUT /api/settings: replaces the team's auto-fill settings; answers them as stored. */
export async function updateSettings({ access, settings }: { access: TeamScope; settings: Settings }): Promise<Settings> {
  const { db, dialect } = await getRuntime();
  const clean = cleanSettings(await inHostCurrency(access.teamId, settings), access.teamId);
  await saveSettings(db, dialect, { teamId: access.teamId, settings: clean });
  return clean;
}
