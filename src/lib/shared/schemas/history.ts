/**
 * Revisions and trash (docs/decisions/016-revisions-and-trash.md), owner only like every
 * guidebook route; someone else's id answers 404 `{ message: 'Guidebook not found' }`.
 *
 * - `GET /api/instruction/:id/revisions` → `{ revisions: RevisionSummary[] }`, newest first, at most 50.
 * - `GET /api/instruction/:id/revisions/:revisionId` → `Revision` (the content as saved, secrets included).
 * - `POST /api/instruction/:id/revisions/:revisionId/restore` `{ version }` (the editor's) →
 *   `{ message: 'Version restored', instruction }`: a new save, so it shows in the History and can
 *   be undone; a stale `version` → 409.
 * - `GET /api/instruction/trash` → `TrashedInstruction[]`, most recently deleted first, each with
 *   `staysAhead`, its stays that have not ended.
 * - `POST /api/instruction/:id/restore` → `{ message: 'Guidebook restored', instruction }`; on Free
 *   beyond the limit of 3 → 403.
 * - `DELETE /api/instruction/trash/:id` → `{ message: 'Guidebook deleted forever' }`.
 */
import { z } from 'zod';
import type { InstructionContent } from './instruction.ts';

/** How long a deleted guidebook stays in the trash before the clean-up purges it. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60_000;

export type RevisionSource = 'created' | 'saved' | 'code' | 'defaults' | 'restored' | 'undone' | 'before-history';

export interface RevisionSummary {
  id: string;
  version: number;
  /** ISO 8601. */
  savedAt: string;
  source: RevisionSource;
  /** Who saved it (the account's name), null for the version from before history was kept. */
  author: string | null;
  /** What changed from the version before, in words ("Check-in step 2 edited"). */
  changes: string[];
  /** This is the guidebook's current version. */
  current: boolean;
}

export interface Revision extends RevisionSummary {
  content: InstructionContent;
}

export const restoreRevisionSchema = z.object(
  { version: z.number({ error: 'Reload the guidebook before restoring (its version is missing).' }).int().min(1) },
  { error: 'Send the version the editor holds.' },
);

export interface TrashedInstruction {
  _id: string;
  nameInstruction: string;
  address: string;
  coverImage: string;
  /** ISO 8601. */
  deletedAt: string;
  /** When the clean-up purges it for good (ISO 8601). */
  purgeAt: string;
  /** Its stays that have not ended (checked out later than now): deleted with it, for good. */
  staysAhead: number;
}
