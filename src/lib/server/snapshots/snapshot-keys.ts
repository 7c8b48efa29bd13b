import type { Encoding } from '../http/negotiate.ts';

/** The encodings every guest page is stored in (snapshot-store.ts), one store item each. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gz', 'html'];

/** The store item of one token's page in one encoding. */
export const snapshotKey = (token: string, encoding: Encoding) => `${token}:${encoding}`;
