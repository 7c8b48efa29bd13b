import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4330);
const DATA_DIR = `test-results/e2e-data-${PORT}`;
const chromium = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const build = process.env.SKIP_BUILD === '1' ? '' : 'npm run build --silent && ';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug to find (the editor's touch drag and two-tab save were: a mid-scroll
  // measurement and a focus race), not a result to repeat: none locally. CI keeps one retry as a
  // guard against a hiccup of its machine; the list reporter names any test that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } } },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && ${build}node scripts/serve.mjs`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', APP_URL: `http://localhost:${PORT}`, DATA_DIR, LOG_LEVEL: 'warn' },
  },
});
