import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * The Smart locks routes' bodies and answers (docs/decisions/030-smart-locks.md §3, §13):
 * - `PUT /api/team/locks/devices/:deviceId/assignment` `{ instructionId }`: the guidebook the lock
 *   opens, or null for none.
 */
export const assignmentSchema = z.object(
  { instructionId: z.string({ error: messages.locks.assignmentInvalid }).min(1, { error: messages.locks.assignmentInvalid }).max(64, { error: messages.locks.assignmentInvalid }).nullable() },
  { error: messages.locks.assignmentInvalid },
);
export type AssignmentInput = z.infer<typeof assignmentSchema>;

export interface LockDeviceView {
  id: string;
  name: string;
  model: string;
  online: boolean;
  offlineSince: number | null;
  onlineCodes: boolean;
  offlineCodes: boolean;
  backupPool: boolean;
  /** Seam's warning codes (`third_party_integration_detected` …), shown in the host's words. */
  warnings: string[];
  /** The guidebooks this lock opens (one lock per guidebook; a lock may serve two). */
  guidebookIds: string[];
}

export interface LockAccountView {
  id: string;
  provider: string;
  label: string;
  state: 'connected' | 'disconnected';
  connectedBy: string | null;
  createdAt: number;
  devices: LockDeviceView[];
}

/** `GET /api/team/locks`: whether the plan has locks, the accounts, and the guidebooks a lock may open. */
export interface LocksView {
  included: boolean;
  /** Seam refuses Porchlight's own key (the operator's to fix): the screen says smart locks are unavailable. */
  keyRefused: boolean;
  accounts: LockAccountView[];
  /** A plan without smart locks and accounts still connected: the day Porchlight disconnects them (docs/decisions/030-smart-locks.md §14); null otherwise. */
  disconnectsAt: number | null;
  guidebooks: Array<{ id: string; name: string }>;
}
