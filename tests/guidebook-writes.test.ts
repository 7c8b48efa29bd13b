import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DomainServices } from '../src/lib/server/platform/runtime.ts';

/**
 * The hook after a guidebook write (guidebook/guidebook-writes.ts) has its listeners handed in
 * from the top (start/domain-services.ts). A runtime assembled without them must fail the write's
 * aftermath, not skip it: a skipped rebuild would leave a guest page stale without a word.
 * The listeners themselves are proven through the real server (guest-snapshots.test.ts,
 * billing-changes.test.ts, payouts.test.ts).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-writes-'));
process.env['DATA_DIR'] = dataDir;
const { assembleRuntime, getRuntime } = await import('../src/lib/server/platform/runtime.ts');
const { afterGuidebookWrite, afterHostPagesChange } = await import('../src/lib/server/guidebook/guidebook-writes.ts');

afterAll(async () => {
  await (await getRuntime()).close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the guidebook write hook without listeners', () => {
  it('throws, naming where the listeners come from, for a write and for a host-wide change', async () => {
    assembleRuntime({
      seed: async () => {},
      // A part that forgot the listeners (the type forbids it; a cast gets past the type).
      open: async () => ({ services: { billing: undefined, bus: undefined } as unknown as DomainServices, close: async () => {} }),
    });
    await expect(afterGuidebookWrite({ id: 'guidebook-1' })).rejects.toThrow('start/domain-services.ts');
    await expect(afterHostPagesChange('user-1')).rejects.toThrow('start/domain-services.ts');
  });
});
