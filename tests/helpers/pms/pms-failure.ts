import { expect } from 'vitest';
import type { PmsError } from '../../../src/lib/server/pms/pms-error.ts';

/** The PmsError a call failed with (the test fails when it succeeded). */
export async function pmsFailure(promise: Promise<unknown>): Promise<PmsError> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).name).toBe('PmsError');
    return error as PmsError;
  }
  throw new Error('it succeeded');
}
