import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/schemas/settings.ts';
import { getRuntime } from '../runtime.ts';

/**
 * The host's auto-fill settings, or the defaults when none were saved. Stored settings are read
 * through the schema so that a field added later gets its default instead of `undefined`.
 */
export async function getSettings({ userId }: { userId: string }): Promise<Settings> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('user_settings').select('data').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_SETTINGS);
  const parsed = settingsSchema.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
}
