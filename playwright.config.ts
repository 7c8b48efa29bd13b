import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SEAM_TEST_KEY } from './tests/helpers/seam-standin.ts';

const PORT = Number(process.env.E2E_PORT ?? 4330);
const DATA_DIR = `test-results/e2e-data-${PORT}`;
// The app server's log (pino, LOG_LEVEL warn: every unhandled error with its stack), kept after the
// run beside the other results: .ci/run prints its end when a test failed.
const SERVER_LOG = `test-results/e2e-server-${PORT}.log`;
// The Stripe stand-in (tests/helpers/stripe) the app bills through; e2e/support/fake-stripe.ts
// plays Stripe.js in the browser against it.
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 1);
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  // The Connect endpoint's own secret (payouts): the stand-in signs Connect events with it.
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_e2e_connect',
  STRIPE_PRICE_GOLD_MONTHLY: 'price_gold_monthly',
  STRIPE_PRICE_GOLD_YEARLY: 'price_gold_yearly',
  STRIPE_PRICE_PREMIUM_MONTHLY: 'price_premium_monthly',
  STRIPE_PRICE_PREMIUM_YEARLY: 'price_premium_yearly',
};
// The translation stand-in (tests/helpers/translate) the editor's machine drafts go to, as LibreTranslate.
const TRANSLATE_PORT = Number(process.env.E2E_TRANSLATE_PORT ?? PORT + 2);
// The Smoobu stand-in (tests/helpers/pms/cli.ts) the Integrations screen connects to, over https
// with a certificate it makes for the run: the app trusts it through NODE_EXTRA_CA_CERTS, and
// credentials are sealed with a fixed test key (e2e/integrations.spec.ts).
const SMOOBU_PORT = Number(process.env.E2E_SMOOBU_PORT ?? PORT + 3);
const SMOOBU_DIR = path.resolve(`test-results/e2e-smoobu-${SMOOBU_PORT}`);
const integrations = {
  SECRETS_KEY: 'e2e0'.repeat(16),
  SMOOBU_API_URL: `https://127.0.0.1:${SMOOBU_PORT}`,
  // Beds24's stand-in behind the same front and certificate (tests/helpers/pms/cli.ts).
  BEDS24_API_URL: `https://127.0.0.1:${SMOOBU_PORT}/beds24`,
  // The same process serves Hostaway's API (its paths start with /v1).
  HOSTAWAY_API_URL: `https://127.0.0.1:${SMOOBU_PORT}`,
  NODE_EXTRA_CA_CERTS: path.join(SMOOBU_DIR, 'cert.pem'),
  // Seam's stand-in behind the same front (tests/helpers/seam-standin.ts): the Smart locks screen (e2e/smart-locks.spec.ts).
  SEAM_API_KEY: SEAM_TEST_KEY,
  SEAM_API_URL: `https://127.0.0.1:${SMOOBU_PORT}/seam`,
};
// Debian's chromium-headless-shell when installed (the same engine without the desktop browser's
// shell: the whole run about a quarter faster on two cores), else Debian's chromium; CHROME_PATH
// overrides both (set it to /usr/bin/chromium for `--headed`, which the headless shell cannot do).
const chromium = process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));
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
  reporter: 'list',
  // A hang detector, not a speed check (docs/style.md 7): a long guest-and-host test takes 24–28 s
  // on desktop on a busy CI machine and more at 375 px, where two of them met 30 s.
  timeout: 90_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's DOM and a screencast: a third of the run's time when kept for
    // every test. CI records it on the retry of a failed test (kept with the run); locally, where
    // nothing retries, every test records and a failed one keeps it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Every test runs on desktop; the phone runs only those tagged `@mobile` (`{ tag: '@mobile' }`):
    // the ones whose screen size matters (guest pages, landing, legal, touch drags in the editors,
    // the dashboard's drawer, layouts checked for sideways scroll). docs/testing.md, "Tests and CI".
    { name: 'mobile', grep: /@mobile/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } } },
  ],
  webServer: [
    {
      command: `node tests/helpers/stripe/cli.ts --port ${STRIPE_PORT}`,
      url: `http://127.0.0.1:${STRIPE_PORT}/__control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { ...stripe, STANDIN_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/stripe/webhook`, STANDIN_CONNECT_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/stripe/connect-webhook` },
    },
    {
      command: `node tests/helpers/translate/cli.ts --port ${TRANSLATE_PORT}`,
      url: `http://127.0.0.1:${TRANSLATE_PORT}/languages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Before the app server: its certificate must exist when the app starts.
      command: `node tests/helpers/pms/cli.ts --port ${SMOOBU_PORT} --dir ${SMOOBU_DIR}`,
      url: `https://127.0.0.1:${SMOOBU_PORT}/__control/health`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${DATA_DIR} && mkdir -p test-results && ${build}exec node scripts/serve.mjs >${SERVER_LOG} 2>&1`,
      url: `http://localhost:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      // TRUST_PROXY: a test may say which address a new person comes from (X-Forwarded-For), as the
      // proxy in front of a real server does; registrations are limited per address, and a run
      // registers more people than one address may in an hour (e2e/fixtures/members.ts).
      env: { PORT: String(PORT), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', APP_URL: `http://localhost:${PORT}`, DATA_DIR, LOG_LEVEL: 'warn', ...stripe, STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`, TRANSLATE_URL: `http://127.0.0.1:${TRANSLATE_PORT}`, TRANSLATE_PROVIDER: 'libretranslate', ...integrations },
    },
  ],
});
