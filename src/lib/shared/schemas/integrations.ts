import { z } from 'zod';
import { messages } from '../messages.ts';
import { PMS_SYSTEMS } from '../pms-systems.ts';

/**
 * The Integrations routes' bodies (docs/decisions/029-pms-connectors.md §14):
 * - `POST /api/team/integrations` `{ system, fields }`: the connect form, each field a string the
 *   adapter checks with the system itself.
 * - `PUT /api/team/integrations/:id/units` `{ units: [{ id, guidebookId, skipped }] }`: each unit
 *   mapped to a guidebook, to "not in Porchlight" (`skipped`), or to neither (undecided).
 */
const text = messages.integrations;

/** Longer than any key a system hands out; a field past it is no credential. */
export const MAX_CREDENTIAL_LENGTH = 500;

export const connectSchema = z.object(
  {
    system: z.enum(PMS_SYSTEMS, { error: text.systemInvalid }),
    // Keys and secrets are visible ASCII without spaces; anything else is a paste gone wrong, and could not travel in a header.
    fields: z.record(
      z.string().max(64, { error: text.fieldsInvalid }),
      z
        .string({ error: text.fieldsInvalid })
        .trim()
        .max(MAX_CREDENTIAL_LENGTH, { error: text.fieldsInvalid })
        .regex(/^[\x21-\x7e]*$/, { error: text.fieldNotKey }),
      { error: text.fieldsInvalid },
    ),
  },
  { error: text.fieldsInvalid },
);
export type ConnectInput = z.infer<typeof connectSchema>;

/** At most this many units in one save: a system's account with more is not a host's. */
export const MAX_UNITS_PER_SAVE = 500;

export const unitMappingSchema = z.object(
  {
    units: z
      .array(
        z
          .object({
            id: z.string({ error: text.unitsInvalid }).min(1).max(64),
            guidebookId: z.string({ error: text.unitsInvalid }).min(1).max(64).nullable(),
            skipped: z.boolean({ error: text.unitsInvalid }),
          })
          .refine((unit) => !(unit.skipped && unit.guidebookId !== null), text.skippedWithGuidebook),
        { error: text.unitsInvalid },
      )
      .min(1, { error: text.unitsInvalid })
      .max(MAX_UNITS_PER_SAVE, { error: text.unitsInvalid }),
  },
  { error: text.unitsInvalid },
);
export type UnitMapping = z.infer<typeof unitMappingSchema>;

/** What the screen shows of a connection: never a credential, masked or not (§3). */
export interface IntegrationView {
  id: string;
  system: (typeof PMS_SYSTEMS)[number];
  label: string;
  accountRef: string;
  state: 'active' | 'reconnect';
  connectedBy: string | null;
  createdAt: number;
  lastSuccessAt: number | null;
  lastError: string | null;
  /**
   * How the system's webhooks reach Porchlight (§5, §14 5.): the address the host pastes
   * (`/api/pms/hooks/:hookId` on APP_URL; its hook id is the only proof a Smoobu webhook has, so
   * only the screen's Owner and Admin see it); Beds24's `header` to paste beside it (the hook
   * secret: null when it cannot be opened); for Hostaway whether the connect `registered` it.
   */
  hook: { setup: 'paste-url' | 'paste-url-and-header' | 'registered'; url: string; header?: { name: string; value: string } | null; registered?: boolean } | null;
  /** When the last webhook that named a booking arrived. */
  lastHookAt: number | null;
}

/** What one sync changed (pms/sync-integration.ts). */
export interface SyncCounts {
  added: number;
  moved: number;
  removed: number;
  updated: number;
  takenOver: number;
}

/** What "Sync now" answers (POST /api/team/integrations/:id/sync): the counts and them in words. */
export interface SyncAnswer extends SyncCounts {
  message: string;
}

export interface UnitView {
  id: string;
  externalId: string;
  name: string;
  guidebookId: string | null;
  guidebookName: string | null;
  skipped: boolean;
}
