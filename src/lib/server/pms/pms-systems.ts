import type { PmsSystem } from '@shared/pms-systems.ts';
import type { Config } from '../platform/config.ts';
import type { PmsAdapter } from './adapter.ts';
import { createPmsHttp, type PmsHttp } from './pms-http.ts';
import { beds24, BEDS24_API_URL } from './systems/beds24.ts';
import { hostaway, HOSTAWAY_API_URL } from './systems/hostaway.ts';
import { smoobu, SMOOBU_API_URL } from './systems/smoobu.ts';

/**
 * Every system's adapter and where its API is: the adapter's constant, or its
 * `*_API_URL` override (docs/decisions/029-pms-connectors.md §11).
 */
const ADAPTERS: Record<PmsSystem, PmsAdapter<unknown>> = {
  smoobu: smoobu as PmsAdapter<unknown>,
  beds24: beds24 as PmsAdapter<unknown>,
  hostaway: hostaway as PmsAdapter<unknown>,
};

export function adapterFor(system: PmsSystem): PmsAdapter<unknown> {
  return ADAPTERS[system];
}

function baseUrlOf(config: Config, system: PmsSystem): string {
  switch (system) {
    case 'smoobu':
      return config.pmsApiUrls.smoobu ?? SMOOBU_API_URL;
    case 'beds24':
      return config.pmsApiUrls.beds24 ?? BEDS24_API_URL;
    case 'hostaway':
      return config.pmsApiUrls.hostaway ?? HOSTAWAY_API_URL;
  }
}

/**
 * The client for `system`, paced by `paceKey` (an integration's id, or the team and system while
 * connecting). A production host's connected address is checked (§11, docs/security.md 32); an
 * operator's override (https, or loopback http in tests, platform/config.ts) is the operator's word.
 */
export function pmsHttpFor(config: Config, system: PmsSystem, paceKey: string): PmsHttp {
  return createPmsHttp(system, baseUrlOf(config, system), paceKey, config.pmsApiUrls[system] ? null : {});
}
