import { APPLY_GROUPS, type ApplyFlags, type ApplyGroup, type Settings } from '@shared/schemas/settings.ts';
import { getUserPlan } from '../billing/get-user-plan.ts';
import { lockingRows } from '../db/dialect.ts';
import { afterInstructionWrite } from '../instructions/instruction-events.ts';
import { getRuntime } from '../runtime.ts';
import { cleanSettings, saveSettings } from './save-settings.ts';

/**
 * PUT /api/settings/updateExistingInstructions: saves the settings and copies the chosen groups
 * (SPEC §3: greeting, houseRules, contact, socials, redirection) into the host's guidebooks, all
 * in one transaction; each changed guidebook's version goes up, so an editor open on it gets a
 * 409 instead of silently undoing this. Without a plan only the guidebooks made on Free change
 * (SPEC §4: the others cannot be edited). Answers how many guidebooks changed.
 */
export async function applySettingsToInstructions({ userId, settings, flags }: { userId: string; settings: Settings; flags: ApplyFlags }): Promise<{ settings: Settings; updated: number }> {
  const { db, dialect } = await getRuntime();
  const clean = cleanSettings(settings);
  const groups = (Object.keys(APPLY_GROUPS) as ApplyGroup[]).filter((group) => flags[group]);
  const patch: Partial<Settings> = {};
  for (const group of groups) {
    for (const field of APPLY_GROUPS[group]) Object.assign(patch, { [field]: clean[field] });
  }
  const onlyFree = (await getUserPlan(userId)) === 'free';

  const ids = await db.transaction().execute(async (trx) => {
    await saveSettings(trx, dialect, { userId, settings: clean });
    if (groups.length === 0) return [];
    let query = trx.selectFrom('instructions').select(['id', 'data']).where('user_id', '=', userId);
    if (onlyFree) query = query.where('is_free', '=', 1);
    // Read, patch, write: no editor's save may land between (SQLite writes one at a time).
    const rows = await lockingRows(dialect, query).execute();
    const now = Date.now();
    for (const row of rows) {
      const data = JSON.stringify({ ...(JSON.parse(row.data) as object), ...patch });
      await trx
        .updateTable('instructions')
        .set((eb) => ({ data, version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', row.id)
        .where('user_id', '=', userId)
        .execute();
    }
    return rows.map((row) => row.id);
  });

  for (const id of ids) await afterInstructionWrite({ id });
  return { settings: clean, updated: ids.length };
}
