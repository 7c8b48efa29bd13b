// Bundles the server entries the Astro build does not: src/lib/server/boot.ts for
// scripts/serve.mjs, the admin command line for scripts/admin.mjs, and the calendar worker that
// stays/read-calendar.ts starts for each feed it reads (docs/decisions/014-calendar-feeds.md).
import { build } from 'esbuild';

const dist = process.env.DIST_DIR ?? 'dist';
const entries = { boot: 'src/lib/server/boot.ts', admin: 'src/lib/server/cli/admin.ts', 'calendar-worker': 'src/lib/server/stays/calendar-worker.ts' };

await Promise.all(
  Object.entries(entries).map(([name, entry]) =>
    build({
      entryPoints: [entry],
      outfile: `${dist}/boot/${name}.mjs`,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    }),
  ),
);
