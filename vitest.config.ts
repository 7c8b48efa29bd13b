import { configDefaults, defineConfig } from 'vitest/config';
import { noDatabaseTestFiles } from './tests/helpers/database-files.ts';
import { CONDITION_TIMEOUT_MS } from './tests/helpers/until.ts';

// Checked on every run: a file marked `// @no-database` that reaches a database fails here.
const noDatabase = noDatabaseTestFiles();

export default defineConfig({
  // Tests import src modules, which use tsconfig.json's aliases (@shared/*, @server/*, @db/*).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/**/*.test.ts'],
    // `npm run test:pg`, the second pass, runs only the files that may touch a database or a store.
    exclude: process.env.TEST_DATABASE_FILES_ONLY === '1' ? [...configDefaults.exclude, ...noDatabase] : configDefaults.exclude,
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // Hang detectors, not speed checks: a test waits for conditions (tests/helpers/until.ts), and
    // these only have to outlast a machine busy with other jobs (docs/style.md 7).
    testTimeout: 2 * CONDITION_TIMEOUT_MS,
    hookTimeout: 120_000,
    expect: { poll: { timeout: CONDITION_TIMEOUT_MS } },
    // Integration files each boot their own server on a free port against their own SQLite file.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
