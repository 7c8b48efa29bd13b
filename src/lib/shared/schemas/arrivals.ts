import { z } from 'zod';
import type { Channel } from '../channels.ts';
import { messages } from '../messages.ts';

/**
 * Arrivals (docs/decisions/030-smart-locks.md §13, docs/product/locks.md, Arrivals): the check-ins
 * of the next days across the team's guidebooks, each with its door code's state, and the bodies of
 * the stay's door code routes. The list never holds digits: they come one stay at a time from
 * `GET /api/instruction/:id/stays/:stayId/lock-code`, to a member with `lockCodes.read`.
 */

/** What the host reads of a stay's door code, problems first (`ARRIVAL_PROBLEMS`). */
export const ARRIVAL_CODE_STATES = ['failed', 'backup', 'retrying', 'offline', 'setting', 'set', 'manual', 'off', 'none'] as const;
export type ArrivalCodeState = (typeof ARRIVAL_CODE_STATES)[number];

/** The states that float to the top of their day. */
export const ARRIVAL_PROBLEMS: readonly ArrivalCodeState[] = ['failed', 'backup', 'retrying', 'offline'];

export interface ArrivalView {
  stayId: string;
  guidebookId: string;
  guidebookName: string;
  guestName: string;
  channel: Channel;
  /** The times the stay really holds (an early check-in or late check-out sold moves them), epoch ms. */
  checkIn: number;
  checkOut: number;
  earlyCheckIn: boolean;
  lateCheckOut: boolean;
  timeZone: string;
  /** The check-in's day in the guidebook's time zone, `YYYY-MM-DD`: what the screen groups by. */
  day: string;
  /** The lock the code is on or meant for; null without one. */
  lock: string | null;
  state: ArrivalCodeState;
  /** The code's attempt, sent back by "Try again" so a double click makes one retry. Null without a code. */
  generation: number | null;
  /** Whether "Show code" has digits to show (a member with `lockCodes.read` only). */
  hasCode: boolean;
  /** The last time a member looked at the code, and who; null when never, or for a member without `lockCodes.read`. */
  viewed: { at: number; by: string | null } | null;
}

/** `GET /api/team/arrivals?days=7`. */
export interface ArrivalsView {
  /** Whether the team's plan includes smart locks (Premium); without it every arrival reads "No lock". */
  included: boolean;
  /** Seam refused Porchlight's API key at its last call from this server: no code is being set (the operator's to fix). */
  keyRefused: boolean;
  days: number;
  arrivals: ArrivalView[];
}

export const ARRIVAL_DAYS_DEFAULT = 7;
export const ARRIVAL_DAYS_MAX = 14;

/** `POST …/lock-code/retry { generation }`: the attempt the screen showed. */
export const retryCodeSchema = z.object({ generation: z.number({ error: messages.locks.retryInvalid }).int({ error: messages.locks.retryInvalid }).min(0, { error: messages.locks.retryInvalid }).max(1_000_000, { error: messages.locks.retryInvalid }) }, { error: messages.locks.retryInvalid });

/** `PUT …/lock-code/manual { code }`: the digits a member set on the lock themselves. */
export const manualCodeSchema = z.object({ code: z.string({ error: messages.locks.manualInvalid }).regex(/^\d{4,12}$/, { error: messages.locks.manualInvalid }) }, { error: messages.locks.manualInvalid });

/** `PUT …/lock-code/enabled { on }`: "Door code" on or off for a stay. */
export const codeEnabledSchema = z.object({ on: z.boolean({ error: messages.locks.enabledInvalid }) }, { error: messages.locks.enabledInvalid });

/** `GET …/lock-code`: the digits, once the lock has them (a backup code, or one typed by a member); null before. */
export interface StayLockCode {
  code: string | null;
  state: ArrivalCodeState;
}
