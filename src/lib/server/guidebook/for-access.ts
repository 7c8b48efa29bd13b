import { instructionContentSchema, type Instruction } from '@shared/schemas/instruction.ts';
import { mapFields } from '@shared/schemas/field-kinds.ts';
import type { CalendarStatus, Stay } from '@shared/schemas/stay.ts';
import { can } from '../account/authorize.ts';
import type { TeamAccess } from '../account/team-access.ts';

/**
 * What a member may see of a guidebook and its stays, in one place (docs/decisions/028-teams.md §6).
 * A member without `secrets.read` (a Cleaner the owner did not let see secrets) gets every answer
 * without what opens the door or the guest pages: each field the schema declares `field.secret`
 * (the door code, the Wi-Fi password, the PIN), the guidebook's guest link, and of a stay its link,
 * its guest's address and phone and its orders (the dates already hold a sold late check-out). Everyone
 * else gets the answer as it is.
 */

/** A guidebook as `access` may read it. */
export function guidebookFor(access: TeamAccess, instruction: Instruction): Instruction {
  if (can(access, 'secrets.read')) return instruction;
  const kept = mapFields(instructionContentSchema, instruction, (value, at) => (at.declaration.kind === 'secret' ? '' : value));
  return { ...kept, token: '' };
}

/** A stay as `access` may read it. */
export function stayFor(access: TeamAccess, stay: Stay): Stay {
  if (can(access, 'secrets.read')) return stay;
  return { ...stay, token: '', url: '', guestEmail: '', guestPhone: '', orders: [] };
}

/** A guidebook's booking calendar as `access` may read it: its feed link is a key to the bookings. */
export function calendarFor(access: TeamAccess, calendar: CalendarStatus | null): CalendarStatus | null {
  if (!calendar || can(access, 'secrets.read')) return calendar;
  return { ...calendar, url: '' };
}
