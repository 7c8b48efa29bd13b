/**
 * Who did what in a team (docs/decisions/028-teams.md §9, docs/product.md §6): the actors, the
 * actions and the details each action keeps. Isomorphic: the server writes these shapes
 * (`recordActivity`) and the dashboard's Activity screen words them. A detail names fields, never
 * the value of a secret one (docs/security.md 40): the door code, the Wi-Fi password and the PIN
 * appear by name only.
 */
import type { Channel } from './channels.ts';
import type { Currency } from './currencies.ts';
import type { PmsSystem } from './pms-systems.ts';
import type { OrderStatus } from './schemas/order.ts';
import type { ApplyGroup } from './schemas/settings.ts';
import type { TeamRole } from './team-roles.ts';

/** Who made the change: a member (named by their user id), or something acting for the team. */
export const ACTIVITY_ACTORS = ['member', 'mail-link', 'guest', 'calendar', 'stripe', 'system'] as const;
export type ActivityActor = (typeof ACTIVITY_ACTORS)[number];

/** The actor of a line: a member with their user id, else one of the others. */
export type ActivityBy = { actor: 'member'; userId: string } | { actor: Exclude<ActivityActor, 'member'> };

/** What guards a guidebook's door, by name: the secret fields and the policy that reveals them. */
export const SECRET_FIELD_NAMES = ['code', 'wifiPassword', 'secretsPin', 'secretsPolicy', 'revealHoursBefore'] as const;
export type SecretFieldName = (typeof SECRET_FIELD_NAMES)[number];

/** A stay's nights, as epoch milliseconds. */
export interface StayDates {
  checkIn: number;
  checkOut: number;
}

/** Each action and what its line keeps. */
export interface ActivityDetails {
  'stay.added': { guestName: string; channel: Channel } & StayDates;
  'stay.moved': { guestName: string; from: StayDates; to: StayDates };
  'stay.channel': { guestName: string; from: Channel; to: Channel };
  'stay.deleted': { guestName: string; orders: 'refund' | 'keep' | null } & StayDates;
  /**
   * A booking system's stay (docs/decisions/029-pms-connectors.md §13), actor `system`: the system
   * and its reservation id, **never a guest field** (a line is kept a year, a guest's details 30
   * days after check-out). `takenOver`: the calendar feed's stay of the same booking became it.
   */
  'booking.added': { system: PmsSystem; reservationId: string; channel: Channel; takenOver: boolean } & StayDates;
  'booking.moved': { system: PmsSystem; reservationId: string; from: StayDates; to: StayDates };
  'booking.cancelled': { system: PmsSystem; reservationId: string } & StayDates;
  /** The guest data retention erased the details a booking system brought of `stays` stays, `days` days after their check-out. */
  'stay.guest-data-erased': { stays: number; days: number };
  /** A guest's details exported or erased on request (docs/decisions/029 §10): how many stays and orders, never the address. */
  'guest-data.exported': { stays: number; orders: number };
  'guest-data.erased': { stays: number; orders: number };
  /** An order's status moved (a refund is `order.refunded`). */
  'order.moved': { title: string; event: string; from: OrderStatus; to: OrderStatus };
  'order.refunded': { title: string; amount: number; currency: Currency; from: OrderStatus };
  'settings.saved': Record<string, never>;
  'settings.applied': { groups: ApplyGroup[]; guidebooks: number };
  /** The door code, the Wi-Fi password, the PIN or the policy changed: which, never to what. */
  'guidebook.secrets': { fields: SecretFieldName[] };
  'invitation.sent': { email: string; role: Exclude<TeamRole, 'owner'> };
  'invitation.resent': { email: string };
  'invitation.revoked': { email: string };
  'invitation.accepted': { email: string; role: Exclude<TeamRole, 'owner'> };
  /** A member's role, grants or "may see secrets" changed (the members screen): what changed, as it is now. */
  'member.changed': { member: string; role?: { from: TeamRole; to: TeamRole }; guidebooks?: number; maySeeSecrets?: boolean };
  'member.removed': { member: string; role: TeamRole };
  'member.left': { role: TeamRole };
  'team.renamed': { from: string; to: string };
  /**
   * A stay's door code from the lock (docs/decisions/030-smart-locks.md §12, §13): looked at on
   * Arrivals (once per member, stay and day), tried again, typed by hand, turned off or on. Never the digits.
   */
  'lock-code.viewed': { guestName: string; lock: string } & StayDates;
  'lock-code.retried': { guestName: string; lock: string } & StayDates;
  'lock-code.manual': { guestName: string; lock: string } & StayDates;
  /**
   * What Seam reported (§3, §8, §12), actor `system` with `source: 'seam'` (the record's `lock`
   * actor is not in the table): a code deleted outside Porchlight and made again, or deleted a
   * second time within 24 hours and left failed; a lock offline, back online or removed; an
   * account that needs its password again. Never the digits.
   */
  /** `why`: `failing`, made again by Porchlight after the lock did not take it; absent, deleted outside Porchlight. */
  'lock-code.recreated': { source: 'seam'; why?: 'failing'; guestName: string; lock: string } & StayDates;
  'lock-code.failed': { source: 'seam'; guestName: string; lock: string } & StayDates;
  'lock.offline': { source: 'seam'; lock: string };
  'lock.online': { source: 'seam'; lock: string };
  'lock.gone': { source: 'seam'; lock: string };
  'lock-account.disconnected': { source: 'seam'; account: string };
  /** A lock account disconnected by Porchlight (§14): `why: 'plan'`, 30 days after the last code of a plan without smart locks. */
  'lock-account.removed': { why: 'plan'; account: string };
  /** "Door code" turned off for a stay (its code removed, never made again), or on again. */
  'lock-code.off': { guestName: string; lock: string } & StayDates;
  'lock-code.on': { guestName: string; lock: string } & StayDates;
}

export type ActivityAction = keyof ActivityDetails;

/** A line as the API answers it (GET /api/team/activity), newest first. */
export type ActivityItem = {
  [A in ActivityAction]: {
    id: number;
    action: A;
    details: ActivityDetails[A];
    actor: ActivityActor;
    /** The member's name now; null for another actor, or a person who has since deleted their account. */
    actorName: string | null;
    guidebookId: string | null;
    /** The guidebook's name now, or as it was when the line was written if it is gone. */
    guidebookName: string | null;
    /** ISO time. */
    at: string;
  };
}[ActivityAction];

export interface ActivityPage {
  items: ActivityItem[];
  /** The `before` of the next (older) page, or null at the first line. */
  next: string | null;
}

/** Lines a page holds. */
export const ACTIVITY_PAGE_SIZE = 50;
/** Days a line is kept before the "activity retention" job deletes it. */
export const ACTIVITY_KEPT_DAYS = 365;
