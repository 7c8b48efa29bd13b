import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@shared/schemas/settings.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';

/**
 * The team's auto-fill settings, or the defaults when none were saved. Stored settings are read
 * through the schema so that a field added later gets its default instead of `undefined`.
 */
export async function getSettings({ access }: { access: TeamScope }): Promise<Settings> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('team_settings').select('data').where('team_id', '=', access.teamId).executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_SETTINGS);
  return readStoredSettings(JSON.parse(row.data));
}

/**
 * A field that an older rule allowed and today's refuses (say a WhatsApp link to another site,
 * saved before contact fields took what hosts type) falls back to its default alone: the rest of the host's
 * settings stay.
 */
function readStoredSettings(stored: unknown): Settings {
  const parsed = settingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (typeof stored !== 'object' || stored === null) return structuredClone(DEFAULT_SETTINGS);
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !refused.has(key)));
  const again = settingsSchema.safeParse(kept);
  return again.success ? again.data : structuredClone(DEFAULT_SETTINGS);
}
