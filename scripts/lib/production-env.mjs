// @ts-check
// Imported by the server's entry before anything that reads NODE_ENV. The configuration takes an
// unset NODE_ENV as production (src/lib/server/platform/config.ts), and React's server renderer would load
// its development build, which renders a guest page several times slower (docs/performance.md).
// So an unset NODE_ENV becomes `production`, but only for a build made for production
// (scripts/build-boot.mjs records it): a build whose islands were compiled for React's development
// runtime (the tests' builds) cannot run under its production one, and keeps an unset NODE_ENV.
import fs from 'node:fs';

if (process.env.NODE_ENV === undefined) {
  const file = new URL(`../../${process.env.DIST_DIR ?? 'dist'}/boot/build-mode.json`, import.meta.url);
  /** @type {{ nodeEnv?: string }} */
  let built = {};
  try {
    built = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // No record (a build from before it was written): left unset, as before.
  }
  if (built.nodeEnv === 'production') process.env.NODE_ENV = 'production';
}
