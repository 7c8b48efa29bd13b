import { isTimeZone } from '@shared/schemas/instruction.ts';

/**
 * The property's time zone in the admin (stays are written in it): where a guidebook's zone starts from and the
 * names a host can pick. Shared by the editor (Guest access) and the list (a new guidebook).
 */

/** The browser's own IANA zone ("Europe/Zagreb"), or '' when the runtime cannot say. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : '';
  } catch {
    return '';
  }
}

let zones: readonly string[] | null = null;

/** Every zone this browser knows, sorted, UTC included (some engines leave it out of the list). */
export function timeZoneNames(): readonly string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = [...new Set([...known, 'UTC'])].sort();
  }
  return zones;
}
