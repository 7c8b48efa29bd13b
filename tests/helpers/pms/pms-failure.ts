import { expect } from 'vitest';
import type { PmsError } from '../../../src/lib/server/pms/pms-error.ts';

/** The PmsError an adapter's call fails with; fails the test when it succeeds (tests/pms-smoobu.test.ts, tests/pms-hostaway.test.ts). */
export async function pmsFailure(promise: Promise<unknown>): Promise<PmsError> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).name).toBe('PmsError');
    return error as PmsError;
  }
  throw new Error('it succeeded');
}
