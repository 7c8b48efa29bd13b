import type { Channel } from '@shared/channels.ts';
import type { CredentialField, PmsSystem } from '@shared/pms-systems.ts';
import type { PmsHttp } from './pms-http.ts';

/**
 * One booking system behind one interface (docs/decisions/029-pms-connectors.md §2): nothing but
 * its adapter in `systems/` knows a system's field names, and only `PmsReservation` leaves it.
 * Slice 1a (the record's Build order) builds what connecting and mapping need and the reads the
 * sync will call (`changed`, `read`); slice 5 (Hostaway) adds the access token slot (`access`,
 * `AccessToken`) and `revoke`. The full pass (`upcoming`) and webhooks (`hooks`) join with the
 * slices that use them.
 */
export type { CredentialField, PmsSystem };

/** What a system's reservation says, in Porchlight's words; nothing else leaves an adapter. */
export interface PmsReservation {
  /** The system's reservation id, as a string. */
  externalId: string;
  /** The property (unit) it is booked in. */
  unitId: string;
  /** gone: cancelled, declined, expired, a request or inquiry, blocked, deleted. */
  state: 'booked' | 'gone';
  /** YYYY-MM-DD, the property's local date. */
  arrival: string;
  departure: string;
  /** HH:MM when the system gives one. */
  arrivalTime: string | null;
  departureTime: string | null;
  guest: { name: string; email: string; phone: string; language: string; count: number | null };
  channel: Channel;
  /** The system's own change time (epoch ms), when it gives one. */
  modifiedAt: number | null;
}

export interface PmsUnit {
  id: string;
  name: string;
}

/** A token a system issued for its credentials (Hostaway's JWT), kept sealed in the integration's `access` slot (§3). */
export interface AccessToken {
  token: string;
  /** When it was issued and when the system said it ends (epoch ms). */
  issuedAt: number;
  expiresAt: number;
}

/**
 * The integration's stored token, and how a token the adapter minted is kept (sealed, pms/access-slot.ts)
 * so the next call, and every other server, uses it rather than minting its own.
 */
export interface AccessSlot {
  current: AccessToken | null;
  keep(token: AccessToken): Promise<void>;
}

export interface PmsContext<Secrets> {
  http: PmsHttp;
  secrets: Secrets;
  integrationId: string;
  /** The sealed token slot; absent where nothing is stored (an adapter then mints a token per context). */
  access?: AccessSlot;
}

export interface PmsAdapter<Secrets> {
  system: PmsSystem;
  label: string;
  /** The connect form. */
  fields: readonly CredentialField[];
  /** How the refusal names what was typed ("key and secret"). */
  credentialWords: string;
  /** Checks the credentials with an authenticated call; throws PmsError('bad-credentials' | 'unreachable' | …). */
  connect(http: PmsHttp, input: Record<string, string>): Promise<{ secrets: Secrets; accountRef: string; access?: AccessToken }>;
  /** Parses what `connect` sealed back into the adapter's secrets (a stored value it no longer reads: PmsError('bad-answer')). */
  secretsOf(stored: unknown): Secrets;
  units(context: PmsContext<Secrets>): Promise<PmsUnit[]>;
  /** Reservations changed since `since` (epoch ms), one page; `next` null when done. */
  changed(context: PmsContext<Secrets>, since: number, cursor: string | null): Promise<{ reservations: PmsReservation[]; next: string | null }>;
  /** These reservations as the system has them now; an id it does not know comes back as `gone`. */
  read(context: PmsContext<Secrets>, ids: string[]): Promise<PmsReservation[]>;
  /** Best effort on disconnect: revokes what the system lets us revoke (Hostaway's token); a failure is logged, never kept. */
  revoke?(context: PmsContext<Secrets>): Promise<void>;
}
