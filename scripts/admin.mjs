// @ts-check
// `npm run admin -- plan set <email> free|gold|premium [--until YYYY-MM-DD]` and
// `npm run admin -- copy-to-postgres [--from <file>] [--force]`: the operator's command line, run
// with the server's environment (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, …). It needs a build
// (`npm run build`, which `npm start` runs); see src/lib/server/start/cli/admin.ts.
import './lib/require-node.mjs';
import fs from 'node:fs';

const bundle = new URL(`../${process.env.DIST_DIR ?? 'dist'}/boot/admin.mjs`, import.meta.url);
if (!fs.existsSync(bundle)) {
  console.error('admin: no build found; run `npm run build` first');
  process.exit(1);
}
const { runAdmin } = await import(bundle.href);
process.exitCode = await runAdmin(process.argv.slice(2));
