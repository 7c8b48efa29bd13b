import type { CodeRow } from './code-transitions.ts';

/**
 * What an Activity line about a stay's door code keeps: the guest's name, the lock and the stay's
 * dates. A booking system's guest is not named on a line kept a year
 * (docs/decisions/029-pms-connectors.md §13).
 */
export function codeLineDetails(stay: { guest_name: string; pms_integration_id: string | null } | undefined, lock: string, row: Pick<CodeRow, 'want_from' | 'want_until'>) {
  return { guestName: stay && stay.pms_integration_id === null ? stay.guest_name : '', lock, checkIn: row.want_from ?? 0, checkOut: row.want_until ?? 0 };
}
