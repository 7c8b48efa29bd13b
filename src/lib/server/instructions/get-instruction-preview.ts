import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { guestTranslations } from '@shared/translations.ts';
import type { PlanId } from '@shared/plans.ts';
import type { GuestInstruction } from '@shared/schemas/instruction.ts';
import type { InstructionsTable } from '@db/schema.ts';
import { getTeamPlanWithExpiry } from '../account/team-plan.ts';
import { gatedSecretsOf, publicContent } from '../guidebook/guest-secrets.ts';
import { getRuntime } from '../platform/runtime.ts';
import { instructionNotFound } from '../guidebook/instruction-errors.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';


/**
 * GET /api/instruction/preview/:token (public): what the guest page shows, the owner id (`user`,
 * the guidebook's team since docs/decisions/028-teams.md: a migrated team's id is its owner's) and
 * whether the team is premium (docs/product.md §3, §6). Nothing the owner alone uses (`_id`,
 * `isFree`, `version`, `updatedAt`); the branding title only for premium teams, who alone may show it.
 */
export async function getInstructionPreview({ token }: { token: string }): Promise<GuestInstruction> {
  return (await readGuestInstruction({ token })).instruction;
}

/** A guidebook as guests see it, when that stops being right by itself, and the team's plan (what the page offers: model answers). */
export interface GuestRead {
  instruction: GuestInstruction;
  planChangesAt: number | null;
  plan: PlanId;
}

/**
 * The same, and when it stops being right by itself (`planChangesAt`: the owner's plan ends or
 * downgrades then, and with it the branding): the guest page's snapshot must not outlive that.
 */
export async function readGuestInstruction({ token }: { token: string }): Promise<GuestRead & { version: number }> {
  if (!GUEST_TOKEN.test(token)) throw instructionNotFound();
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').select(['team_id', 'token', 'data', 'version']).where('token', '=', token).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw instructionNotFound();
  return { ...(await guestInstructionOf(row)), version: row.version };
}

/** The same for a stay's guidebook, found by its id (the stay page). */
export async function readGuestInstructionById({ id }: { id: string }): Promise<GuestRead> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').select(['team_id', 'token', 'data']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw instructionNotFound();
  return guestInstructionOf(row);
}

/**
 * Gated secrets and the PIN are left out here, the one door every public reader goes through, and
 * so are machine drafts the host has not accepted (docs/decisions/021).
 */
async function guestInstructionOf(row: Pick<InstructionsTable, 'team_id' | 'token' | 'data'>): Promise<GuestRead> {
  const { plan, changesAt } = await getTeamPlanWithExpiry(row.team_id);
  const premium = plan === 'premium';
  const stored = parseStoredContent(row.data);
  const content = { ...publicContent(stored), translations: guestTranslations(stored.translations) };
  return {
    instruction: { ...content, brandingTitle: premium ? content.brandingTitle : '', token: row.token, user: row.team_id, premium, gatedSecrets: gatedSecretsOf(stored) },
    planChangesAt: changesAt,
    plan,
  };
}
