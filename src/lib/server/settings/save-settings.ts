import type { Kysely } from 'kysely';
import { settingsSchema, type Settings } from '@shared/schemas/settings.ts';
import type { Database } from '@db/schema.ts';
import type { DialectName } from '../platform/db/dialect.ts';
import { fieldName, fieldValues } from '@shared/schemas/field-kinds.ts';
import { cleanRichTextFields } from '../instructions/clean-instruction-content.ts';
import { assertMayReferenceImage } from '../uploads/may-reference-image.ts';
import { writeMentioningUploads } from '../uploads/uploads-in-use.ts';

/**
 * The settings as stored: every field declared `image` (a default place's photo) the team's own or
 * the product's (422 otherwise, docs/security.md 30), since Auto-Fill copies them into guidebooks,
 * and every field declared `richText` (the welcome text, the places' notes) sanitised like any
 * rich text (docs/security.md 16).
 */
export function cleanSettings(settings: Settings, teamId: string): Settings {
  for (const image of fieldValues(settingsSchema, settings, ['image'])) {
    if (typeof image.value === 'string') assertMayReferenceImage({ space: teamId, path: image.value, field: fieldName(image) });
  }
  return cleanRichTextFields(settingsSchema, settings);
}

/**
 * Upserts the (already cleaned) settings of team `teamId`, inside the caller's transaction if any.
 * The host photo, when it names an upload, must still exist when this commits (uploads-in-use.ts).
 */
export async function saveSettings(db: Kysely<Database>, dialect: DialectName, { teamId, settings }: { teamId: string; settings: Settings }): Promise<void> {
  const data = JSON.stringify(settings);
  const now = Date.now();
  await writeMentioningUploads(db, dialect, { space: teamId, before: '', after: data }, (writer) =>
    writer
      .insertInto('team_settings')
      .values({ team_id: teamId, data, updated_at: now })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ data, updated_at: now }))
      .execute(),
  );
}
