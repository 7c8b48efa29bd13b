/**
 * The booking systems a team can connect (docs/decisions/029-pms-connectors.md §2, §14): their
 * names, labels and the fields of the connect form with where to find each. Isomorphic: the
 * migration's check (db/migrations/0022-pms-connectors.ts), the server's adapters
 * (src/lib/server/pms/) and the Integrations screen read this one list. A system without an
 * adapter yet is named here so its rows are accepted, and refused by the connect route.
 */
export const PMS_SYSTEMS = ['smoobu', 'beds24', 'hostaway'] as const;
export type PmsSystem = (typeof PMS_SYSTEMS)[number];

export const PMS_LABELS: Readonly<Record<PmsSystem, string>> = { smoobu: 'Smoobu', beds24: 'Beds24', hostaway: 'Hostaway' };

/** A field of the connect form: its label, where to find it, and whether it is secret (a password input). */
export interface CredentialField {
  name: string;
  label: string;
  where: string;
  secret: boolean;
}

export function isPmsSystem(value: unknown): value is PmsSystem {
  return typeof value === 'string' && (PMS_SYSTEMS as readonly string[]).includes(value);
}
