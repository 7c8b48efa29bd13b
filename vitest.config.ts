import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests import src modules, which use tsconfig.json's aliases (@shared/*, @server/*, @db/*).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Integration files each boot their own server on a free port against their own SQLite file.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
