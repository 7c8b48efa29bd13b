import type { Page } from '@playwright/test';
import { createVerifiedAccount, expect, logIn, test } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

// No page scrolls sideways on the narrowest phone in use (320 px), in light and
// dark mode: every page type of the public site, the guest page and the dashboard. A guidebook with
// long words everywhere stands for what hosts really type.

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 320, height: 640 } });

const SCHEMES: readonly ColorScheme[] = ['light', 'dark'];

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgotPassword',
  '/resetPassword?token=expired-token&email=dana%40example.com',
  '/verify-email?token=not-a-token&name=Dana',
  '/verify-email-change?token=not-a-token&name=Dana',
  '/privacy',
  '/terms',
  '/cookie',
  '/gdpr',
  '/pricing',
  '/instruction',
  '/instruction/no-such-guidebook-token-0000',
  '/no-such-page/anywhere',
];

const DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/edit/:id',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/currentSubscription',
  '/dashboard/payouts',
  '/dashboard/upgradePlan',
  '/pricing',
  '/dashboard/support',
  '/dashboard/feedback',
  '/dashboard/affiliates',
  '/dashboard/no-such-screen',
];

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

/** A guidebook whose every text is long: a narrow screen must wrap it, not widen the page. */
async function longWordedGuidebook(page: Page): Promise<{ _id: string; token: string }> {
  const base = origin();
  const response = await page.request.post(`${base}/api/instruction`, {
    headers: { origin: base },
    data: {
      nameInstruction: 'Panoramic Seaside Penthouse with Rooftop Terrace Kaiserslauterer-Straße',
      address: 'Obere Kaiserslauterer-Hauptstraße 1234, 67655 Kaiserslautern-Innenstadt, Deutschland',
      addressUrl: 'https://www.google.com/maps/@49.4447,7.7690,18z',
      code: 'LOCKBOX-4455-6677-8899',
      wifiName: 'Harbour-Guest-Network-5GHz-Extended',
      wifiPassword: 'correct-horse-battery-staple-extraordinarily-long',
      hostName: 'Maximiliana Wolfeschlegelsteinhausen',
      textGreating: '<p>Welcome! Everything is at https://www.example.com/a-very-long-path/without-any-spaces-at-all</p>',
      boxes: [{ id: 1, title: 'Unterschriftsberechtigungsverfahren', paragraph: '<p>The code is <span data-marker="lockbox"></span>, then <span data-marker="address"></span>.</p>', imageUrl: '' }],
      manualBoxes: [{ id: 2, paragraph: '<p>Supercalifragilisticexpialidocious-recommendations-for-dinner</p>', imageUrl: '' }],
      phone: '+385 91 555 0101',
      taxiLink: 'https://taxi.example.com',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { instruction: { _id: string; token: string } }).instruction;
}

/** Opens each path and checks it; every page is checked even when an earlier one fails. */
async function expectNoSidewaysScroll(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    const overflow = await sidewaysOverflow(page);
    expect.soft(overflow.scrollWidth, `${path}: document width at ${overflow.clientWidth} px`).toBeLessThanOrEqual(overflow.clientWidth);
    expect.soft(overflow.beyondRightEdge, `${path}: elements past the right edge`).toEqual([]);
  }
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await useColorScheme(page, scheme);
    });

    test(`public pages and the guest pages do not scroll sideways at 320 px (${scheme})`, { tag: '@mobile' }, async ({ page }) => {
      const account = await createVerifiedAccount('wide-guest');
      await logIn(page, account, origin());
      const guidebook = await longWordedGuidebook(page);
      await page.context().clearCookies();
      await expectNoSidewaysScroll(page, [...PUBLIC_PAGES, `/instruction/${guidebook.token}`]);
    });

    test(`dashboard pages do not scroll sideways at 320 px (${scheme})`, { tag: '@mobile' }, async ({ page }) => {
      const account = await createVerifiedAccount('wide-host');
      await logIn(page, account, origin());
      const guidebook = await longWordedGuidebook(page);
      await expectNoSidewaysScroll(
        page,
        DASHBOARD_PAGES.map((path) => path.replace(':id', guidebook._id)),
      );
    });
  });
}
