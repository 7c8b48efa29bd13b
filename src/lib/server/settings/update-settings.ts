import type { Settings } from '@shared/schemas/settings.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { getRuntime } from '../platform/runtime.ts';
import { cleanSettings, saveSettings } from './save-settings.ts';

/** PUT /api/settings: replaces the host's auto-fill settings; answers them as stored. */
export async function updateSettings({ userId, settings }: { userId: string; settings: Settings }): Promise<Settings> {
  const { db, dialect } = await getRuntime();
  const clean = cleanSettings(await inHostCurrency(userId, settings), userId);
  await saveSettings(db, dialect, { userId, settings: clean });
  return clean;
}
