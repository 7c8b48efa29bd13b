// Bundles the server entries the Astro build does not: src/lib/server/start/boot.ts for
// scripts/serve.mjs, the admin command line for scripts/admin.mjs, the calendar worker that
// stays/read-calendar.ts starts for each feed it reads (docs/decisions/014-calendar-feeds.md), and
// the render worker that start/workers.ts starts for the publishes' renders (guest-pages/publish/render-worker.ts).
import fs from 'node:fs';
import { build } from 'esbuild';

const dist = process.env.DIST_DIR ?? 'dist';
const entries = {
  boot: 'src/lib/server/start/boot.ts',
  admin: 'src/lib/server/start/cli/admin.ts',
  'calendar-worker': 'src/lib/server/stays/calendar-worker.ts',
  'render-worker': 'src/lib/server/start/render-worker-entry.ts',
};

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

// The mode this build compiled React for: Astro builds for production unless NODE_ENV says
// otherwise (the tests build with NODE_ENV=test, whose islands call React's development runtime).
// scripts/lib/production-env.mjs starts the server in the same mode (docs/performance.md).
fs.writeFileSync(`${dist}/boot/build-mode.json`, `${JSON.stringify({ nodeEnv: process.env.NODE_ENV || 'production' })}\n`);
