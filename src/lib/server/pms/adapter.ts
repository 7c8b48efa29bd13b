import type { Channel } from '@shared/channels.ts';
import type { CredentialField, PmsSystem } from '@shared/pms-systems.ts';
import type { PmsHttp } from './pms-http.ts';

/**
 * One booking system behind one interface (docs/decisions/029-pms-connectors.md §2): nothing but
 * its adapter in `systems/` knows a system's field names, and only `PmsReservation` leaves it.
 * Slice 1 (the record's Build order) built what connecting, mapping and the sync need; slice 2
 * adds webhooks (`hooks`, optional: a system without them is read by the reconcile alone), slice 4
 * (Beds24) access tokens (`access`, `AccessToken`, `AccessKeeper`), slice 5 (Hostaway) `revoke`.
 * The full pass (`upcoming`) joins with the slice that uses it.
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

/**
 * A system's access token and until when it is used (epoch ms): Beds24's 24-hour token until it
 * expires; Hostaway's 24-month token until its renewal, 12 months after it was issued (§12).
 */
export interface AccessToken {
  token: string;
  expiresAt: number;
}

/**
 * The integration's access token, kept sealed in its `access` slot (§3, access.ts) so servers
 * and turns share one instead of each minting its own (a Beds24 token costs credits, §12).
 */
export interface AccessKeeper {
  /** The stored token while it has 5 minutes left, else a new one, minted and stored. */
  current(): Promise<string>;
  /** After the system refused the token: one new token; asked again in the same turn, PmsError('bad-credentials'). */
  fresh(): Promise<string>;
  /** The token held or stored, usable or not, without minting one; null when there is none (what `revoke` revokes). */
  kept(): Promise<string | null>;
}

export interface PmsContext<Secrets> {
  http: PmsHttp;
  secrets: Secrets;
  integrationId: string;
  /** For systems with `access`: the integration's token (without one, the adapter mints for this context alone). */
  access?: AccessKeeper;
}

/** A webhook as it arrived: raw bytes, headers, method, query; verified before it is read (§5). */
export interface HookRequest {
  method: 'GET' | 'POST';
  headers: Headers;
  body: Uint8Array;
  query: URLSearchParams;
}

/** What a verified webhook asks for: re-read these reservations, read what changed, or nothing. */
export type HookHint = { kind: 'reservations'; ids: string[] } | { kind: 'changed' } | { kind: 'ignore' };

/** How a system's webhooks reach `/api/pms/hooks/:hookId` (docs/decisions/029-pms-connectors.md §2, §5). */
export interface PmsHooks<Secrets = unknown> {
  /** 'paste-url' (Smoobu), 'paste-url-and-header' (Beds24), 'registered' (Hostaway): what the screen asks the host to do. */
  setup: 'paste-url' | 'paste-url-and-header' | 'registered';
  /** Constant-time check of what the system sends (our header, our Basic login) against the sealed hook secret; Smoobu: true. */
  verify(request: HookRequest, hookSecret: string): boolean;
  /** Reads only ids from the body; never trusts or keeps anything else in it. */
  hint(request: HookRequest, accountRef: string): HookHint;
  /** Registers the webhook with the system after connect (Hostaway): `url` on APP_URL, the hook secret its Basic password; answers the system's id for it. */
  register?(context: PmsContext<Secrets>, url: string, hookSecret: string): Promise<{ remoteId: string }>;
  /** Removes what `register` made, on disconnect, before the token is revoked; one already gone is done. */
  unregister?(context: PmsContext<Secrets>, remoteId: string): Promise<void>;
}

export interface PmsAdapter<Secrets> {
  system: PmsSystem;
  label: string;
  /** The connect form. */
  fields: readonly CredentialField[];
  /** How the refusal names what was typed ("key and secret"). */
  credentialWords: string;
  /** The connect form's refusal when the system's own words are better than `refused(label, credentialWords)`. */
  refusedMessage?: string;
  /** Checks the credentials with an authenticated call; throws PmsError('bad-credentials' | 'scope' | 'unreachable' | …). */
  connect(http: PmsHttp, input: Record<string, string>): Promise<{ secrets: Secrets; accountRef: string; access?: AccessToken }>;
  /** A new access token from the stored secrets (Beds24's, Hostaway's); Smoobu signs each request instead. */
  access?(http: PmsHttp, secrets: Secrets): Promise<AccessToken>;
  /** Parses what `connect` sealed back into the adapter's secrets (a stored value it no longer reads: PmsError('bad-answer')). */
  secretsOf(stored: unknown): Secrets;
  units(context: PmsContext<Secrets>): Promise<PmsUnit[]>;
  /** Reservations changed since `since` (epoch ms), one page; `next` null when done. */
  changed(context: PmsContext<Secrets>, since: number, cursor: string | null): Promise<{ reservations: PmsReservation[]; next: string | null }>;
  /** These reservations as the system has them now; an id it does not know comes back as `gone`. */
  read(context: PmsContext<Secrets>, ids: string[]): Promise<PmsReservation[]>;
  /** Webhooks; a system without them is read by the reconcile alone (the hook route answers 404 for it). */
  hooks?: PmsHooks<Secrets>;
  /** Best effort on disconnect: revokes what the system lets us revoke (Hostaway's token); a failure is logged, never kept. */
  revoke?(context: PmsContext<Secrets>): Promise<void>;
}
