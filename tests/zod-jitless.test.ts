// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { z } from 'zod';

/**
 * The browser entries turn zod's compiled parsers off (our CSP forbids eval, which zod probes for);
 * the server renders the same islands, and zod's config is global to a process, so there the switch
 * must stay off: a server schema built after /login was first rendered would otherwise parse about
 * 3 times slower. The browser side is held by every e2e test failing on a CSP violation.
 */
describe('zod jitless switch', () => {
  it('importing it on the server leaves zod compiling its parsers', async () => {
    expect(import.meta.env.SSR).toBe(true);
    await import('../src/lib/shared/zod-jitless.ts');
    expect(config().jitless).not.toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Sea View' })).toEqual({ name: 'Sea View' });
  });
});
