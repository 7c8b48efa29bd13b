// Bundles src/lib/server/boot.ts for scripts/serve.mjs (the Astro build bundles only routes).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/lib/server/boot.ts'],
  outfile: `${process.env.DIST_DIR ?? 'dist'}/boot/boot.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
