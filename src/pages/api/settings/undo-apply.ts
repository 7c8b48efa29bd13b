import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { undoApplySettings } from '@server/settings/apply-settings-to-instructions.ts';
import { messages } from '@shared/messages.ts';
import { undoApplySchema } from '@shared/schemas/settings.ts';

/** POST /api/settings/undo-apply `{ batchId }` → `{ message, restored }`: takes one "Apply to existing" back. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'settings.apply');
  const { batchId } = await readBody(context.request, undoApplySchema);
  const { restored } = await undoApplySettings({ access, batchId });
  return json({ message: messages.revisions.applyUndone(restored), restored });
});
