import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { getSettings } from '@server/guidebook/get-settings.ts';
import { updateSettings } from '@server/settings/update-settings.ts';
import { messages } from '@shared/messages.ts';
import { settingsSchema } from '@shared/schemas/settings.ts';

/** GET /api/settings: the auto-fill settings (defaults until saved). */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'settings.read');
  return json(await getSettings({ access }));
});

/** PUT /api/settings */
export const PUT = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'settings.write');
  const input = await readBody(context.request, settingsSchema);
  const settings = await updateSettings({ access, settings: input });
  return json({ message: messages.settings.updated, settings });
});
