import { nanoid } from 'nanoid';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { messages } from '@shared/messages.ts';
import { describeApplyPlan, fieldChanges, isEmptyValue, sameValue, type FieldChange } from '@shared/revision-changes.ts';
import { MAX_EXTRAS, MAX_PLACES, type Extra, type InstructionContent, type Place } from '@shared/schemas/instruction.ts';
import { APPLY_GROUPS, type ApplyFlags, type ApplyGroup, type ApplyPreview, type Settings } from '@shared/schemas/settings.ts';
import { memberActor, recordActivity } from '../account/record-activity.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { lockingRows } from '../platform/db/dialect.ts';
import { AppError } from '../http/app-error.ts';
import { afterGuidebookWrite } from '../guidebook/guidebook-writes.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { recordRevision } from '../guidebook/record-revision.ts';
import { revisionDocument } from '../guidebook/revision-data.ts';
import { inHostCurrency } from '../account/host-currency.ts';
import { getRuntime } from '../platform/runtime.ts';
import { cleanSettings, saveSettings } from './save-settings.ts';

export interface ApplyRequest {
  access: TeamAccess;
  settings: Settings;
  flags: ApplyFlags;
  /** Let an empty default clear a filled field (otherwise the guidebook keeps it). */
  clearEmptyFields: boolean;
}

interface Plan {
  id: string;
  name: string;
  patch: Partial<InstructionContent>;
  changes: FieldChange[];
  /** Filled fields this guidebook keeps because the default is empty. */
  kept: number;
}

/**
 * What applying the chosen groups does to one guidebook: each field takes the default, except
 * that an empty default leaves a filled field alone unless `clearEmptyFields` (a host who never
 * typed a WhatsApp number in Auto-Fill must not lose the one in a guidebook).
 */
function planFor(row: { id: string; data: string }, defaults: Partial<Settings>, clearEmptyFields: boolean): Plan {
  const content = parseStoredContent(row.data);
  const patch: Partial<InstructionContent> = {};
  let kept = 0;
  for (const [field, value] of Object.entries(defaults) as Array<[keyof Settings, unknown]>) {
    if (field === 'places') {
      const places = withDefaultPlaces(content.places, value as Place[]);
      if (places.length > content.places.length) patch.places = places;
      continue;
    }
    if (field === 'extras') {
      const extras = withDefaultExtras(content.extras, value as Extra[]);
      if (extras.length > content.extras.length) patch.extras = extras;
      continue;
    }
    const current = content[field];
    if (isEmptyValue(value) && !isEmptyValue(current) && !clearEmptyFields) {
      kept += 1;
      continue;
    }
    Object.assign(patch, { [field]: value });
  }
  return { id: row.id, name: content.nameInstruction, patch, changes: fieldChanges(content, { ...content, ...patch }), kept };
}

/**
 * `own`, then the `defaults` it does not have yet (`sameAs` says when two are the same), each
 * keeping its id unless `own` uses it: nothing of the guidebook's own is changed or removed, and
 * applying twice adds nothing the second time. At most `max` in all.
 */
function withDefaults<T extends { id: number }>(own: readonly T[], defaults: readonly T[], sameAs: (item: T) => string, max: number): T[] {
  const present = new Set(own.map(sameAs));
  const ids = new Set(own.map((item) => item.id));
  const items = [...own];
  for (const item of defaults) {
    if (present.has(sameAs(item))) continue;
    present.add(sameAs(item));
    let id = item.id;
    while (ids.has(id)) id += 1;
    ids.add(id);
    items.push(id === item.id ? item : { ...item, id });
  }
  return items.slice(0, max);
}

/** The guidebook's places, then the default places it lacks (the same name, any case, in the same category). */
export function withDefaultPlaces(own: readonly Place[], defaults: readonly Place[]): Place[] {
  return withDefaults(own, defaults, (place) => `${place.category}:${place.name.trim().toLocaleLowerCase()}`, MAX_PLACES);
}

/**
 * The guidebook's extras, then the default extras it lacks (the same title, any case, of the same
 * kind). A guidebook offers one late check-out and one early check-in: one it already has, under
 * any title, is its own.
 */
export function withDefaultExtras(own: readonly Extra[], defaults: readonly Extra[]): Extra[] {
  // One currency per guidebook: a default priced in another (saved before the host's currency was set) waits.
  const currency = own[0]?.currency;
  const fitting = currency === undefined ? defaults : defaults.filter((extra) => extra.currency === currency);
  return withDefaults(own, fitting, (extra) => (extra.kind === 'item' ? `item:${extra.title.trim().toLocaleLowerCase()}` : extra.kind), MAX_EXTRAS);
}

function chosenDefaults(settings: Settings, flags: ApplyFlags): Partial<Settings> {
  const defaults: Partial<Settings> = {};
  for (const group of Object.keys(APPLY_GROUPS) as ApplyGroup[]) {
    if (!flags[group]) continue;
    for (const field of APPLY_GROUPS[group]) Object.assign(defaults, { [field]: settings[field] });
  }
  return defaults;
}

/**
 * The guidebooks the apply may change: live ones, and without a plan only those made on Free
 * (those made on a paid plan cannot be edited without one). `onlyFree` is read before any
 * transaction (on SQLite a query outside the transaction would wait for it).
 */
async function applicableRows(db: Kysely<Database>, teamId: string, { lock, onlyFree }: { lock: boolean; onlyFree: boolean }) {
  const { dialect } = await getRuntime();
  let query = db.selectFrom('instructions').select(['id', 'data', 'updated_at']).where('team_id', '=', teamId).where('deleted_at', 'is', null);
  if (onlyFree) query = query.where('is_free', '=', 1);
  return (lock ? lockingRows(dialect, query) : query).orderBy('created_at', 'desc').execute();
}

function summarise(plans: readonly Plan[]): ApplyPreview {
  const changing = plans.filter((plan) => plan.changes.length > 0);
  const counts = new Map<string, FieldChange & { guidebooks: number }>();
  for (const { changes } of changing) {
    for (const change of changes) {
      const key = `${change.field}:${change.kind}`;
      const count = counts.get(key) ?? { ...change, guidebooks: 0 };
      count.guidebooks += 1;
      counts.set(key, count);
    }
  }
  return {
    guidebooks: changing.map((plan) => ({ _id: plan.id, nameInstruction: plan.name, changes: plan.changes })),
    counts: [...counts.values()],
    summary: describeApplyPlan([...counts.values()]),
    keptFilled: plans.reduce((sum, plan) => sum + plan.kept, 0),
  };
}

/** POST /api/settings/apply-preview: what the apply would change, guidebook by guidebook; writes nothing. */
export async function previewApplySettings({ access, settings, flags, clearEmptyFields }: ApplyRequest): Promise<ApplyPreview> {
  const { db } = await getRuntime();
  const { teamId } = access;
  const defaults = chosenDefaults(cleanSettings(settings, teamId), flags);
  const onlyFree = (await getTeamPlan(teamId)) === 'free';
  const rows = Object.keys(defaults).length === 0 ? [] : await applicableRows(db, teamId, { lock: false, onlyFree });
  return summarise(rows.map((row) => planFor(row, defaults, clearEmptyFields)));
}

/**
 * PUT /api/settings/updateExistingInstructions: saves the settings and copies the chosen groups
 * into the team's guidebooks, all in one transaction. Only guidebooks that change are written:
 * each gets one revision, all sharing one batch id, so `undoApplySettings` takes the whole apply
 * back in one go. Each changed guidebook's version goes up, so an editor open on it gets a 409
 * instead of silently undoing this.
 */
export async function applySettingsToInstructions(request: ApplyRequest): Promise<{ settings: Settings; updated: number; batchId: string | null; summary: string }> {
  const { access, flags, clearEmptyFields } = request;
  const { teamId, userId } = access;
  const { db, dialect } = await getRuntime();
  const clean = cleanSettings(await inHostCurrency(teamId, request.settings), teamId);
  const defaults = chosenDefaults(clean, flags);
  const batchId = nanoid();
  const onlyFree = (await getTeamPlan(teamId)) === 'free';

  const written = await db.transaction().execute(async (trx) => {
    await saveSettings(trx, dialect, { teamId, settings: clean });
    if (Object.keys(defaults).length === 0) {
      await recordActivity(trx, { teamId, by: memberActor(access), action: 'settings.saved', details: {} });
      return [];
    }
    // Read, patch, write: no editor's save may land between (rows locked; SQLite writes one at a time).
    const plans = (await applicableRows(trx, teamId, { lock: true, onlyFree })).map((row) => ({ row, plan: planFor(row, defaults, clearEmptyFields) }));
    const now = Date.now();
    const changed: Plan[] = [];
    for (const { row, plan } of plans) {
      if (plan.changes.length === 0) continue;
      const data = JSON.stringify({ ...parseStoredContent(row.data), ...plan.patch });
      const saved = await trx
        .updateTable('instructions')
        .set((eb) => ({ data, version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', row.id)
        .where('team_id', '=', teamId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { row: saved, before: row, authorId: userId, source: 'defaults', batchId, note: 'Auto-Fill defaults applied' });
      changed.push(plan);
    }
    const groups = (Object.keys(APPLY_GROUPS) as ApplyGroup[]).filter((group) => flags[group]);
    await recordActivity(trx, { teamId, by: memberActor(access), action: 'settings.applied', details: { groups, guidebooks: changed.length }, now });
    return changed;
  });

  for (const { id } of written) await afterGuidebookWrite({ id });
  return { settings: clean, updated: written.length, batchId: written.length > 0 ? batchId : null, summary: summarise(written).summary };
}

/**
 * POST /api/settings/undo-apply: takes one apply back. In each guidebook it changed, a field the
 * apply set goes back to what it was before, unless the host has changed that field since (their
 * later work wins); the undo is itself a new version, so it shows in the History. Answers how
 * many guidebooks changed back (0 when there is nothing left to undo).
 */
export async function undoApplySettings({ access, batchId }: { access: TeamAccess; batchId: string }): Promise<{ restored: number }> {
  const { db, dialect } = await getRuntime();
  const { teamId, userId } = access;
  const written = await db.transaction().execute(async (trx) => {
    const applied = await trx.selectFrom('instruction_revisions').select(['instruction_id', 'version', 'data']).where('batch_id', '=', batchId).where('team_id', '=', teamId).execute();
    if (applied.length === 0) throw new AppError('NOT_FOUND', messages.revisions.noSuchApply);
    const ids: string[] = [];
    for (const revision of applied) {
      const row = await lockingRows(dialect, trx.selectFrom('instructions').select(['id', 'data', 'updated_at']).where('id', '=', revision.instruction_id).where('team_id', '=', teamId).where('deleted_at', 'is', null)).executeTakeFirst();
      const before = await trx
        .selectFrom('instruction_revisions')
        .select('data')
        .where('instruction_id', '=', revision.instruction_id)
        .where('version', '<', revision.version)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || !before) continue;
      const current = parseStoredContent(row.data);
      const set = parseStoredContent(revisionDocument(revision.data));
      const previous = parseStoredContent(revisionDocument(before.data));
      const patch: Partial<InstructionContent> = {};
      for (const { field } of fieldChanges(previous, set)) {
        if (sameValue(current[field], set[field])) Object.assign(patch, { [field]: previous[field] });
      }
      if (Object.keys(patch).length === 0) continue;
      const data = JSON.stringify({ ...current, ...patch });
      const saved = await trx
        .updateTable('instructions')
        .set((eb) => ({ data, version: eb('version', '+', 1), updated_at: Date.now() }))
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRevision(trx, { row: saved, before: row, authorId: userId, source: 'undone', note: 'Auto-Fill defaults undone' });
      ids.push(row.id);
    }
    return ids;
  });
  for (const id of written) await afterGuidebookWrite({ id });
  return { restored: written.length };
}
