import type { Page } from '@playwright/test';
import { PAGE_WORD_LANGUAGES } from '../src/lib/shared/languages.ts';
import { THEME_VALUES } from '../src/lib/shared/themes.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, expect, logIn, setPlan, test as base, type Account } from './fixtures/session.ts';

/** Each test's own Premium host: its guests see the theme it chose (docs/product.md §4). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`guest-look-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'premium');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

/**
 * How the guest page looks in every language it has words in and on a phone set to dark: each
 * header tile holds its word ("Hausordnung", "Zameldowanie"), and each theme has a dark variant
 * the page follows, readable by axe's contrast rules. Runs at 375 and 1280 px (the two projects);
 * the screenshots land in test-results/ to be looked at.
 */
const FULL = {
  nameInstruction: 'Harbour Loft',
  code: '4821',
  secretsPolicy: 'stay',
  wifiName: 'Loft-Guests',
  wifiPassword: 'sea-breeze-42',
  boxes: [{ id: 1, title: 'Open the key box', paragraph: '<p>Code: <span data-marker="lockbox"></span>, left of the door.</p>', imageUrl: '' }],
  selectedHouseRules: [1, 2, 3],
  places: [{ id: 1, name: 'Harbour café', category: 'coffee', note: '<p>Best espresso on the quay.</p>' }],
  extras: [{ id: 1, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 2 }],
  extrasOnPublicLink: true,
  checkInTime: '15:00',
  checkOutTime: '10:00',
  checkoutSteps: ['Leave the keys on the table'],
  phone: '+385 91 555 0101',
  hostName: 'Ana',
  textGreating: '<p>Welcome to the loft!</p>',
  taxiLink: 'https://taxi.example/harbour',
  rentCarLink: 'https://cars.example/',
  foodLink: 'https://food.example/',
  parkingLink: 'https://parking.example/',
};

async function guidebook(page: Page, origin: string, body: Record<string, unknown> = {}): Promise<{ _id: string; token: string }> {
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { ...FULL, ...body } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { instruction: { _id: string; token: string } }).instruction;
}

const shot = (name: string) => `test-results/guest-look-${name}-${test.info().project.name}.png`;

/** The tiles whose text is wider than the tile (their labels). */
function overflowingTiles(page: Page): Promise<string[]> {
  return page.locator('nav.quick a').evaluateAll((tiles) =>
    tiles.filter((tile) => tile.scrollWidth > tile.clientWidth + 1 || [...tile.querySelectorAll('span')].some((span) => span.getBoundingClientRect().right > tile.getBoundingClientRect().right + 1)).map((tile) => tile.textContent?.trim() ?? ''),
  );
}

test('every header tile holds its words in each of the ten languages', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin);
  for (const language of PAGE_WORD_LANGUAGES) {
    await page.goto(`/instruction/${g.token}/${language}`);
    const quick = page.locator('nav.quick');
    await expect(quick.getByRole('link')).toHaveCount(13);
    expect(await overflowingTiles(page), language).toEqual([]);
    if (['de', 'pl', 'hr', 'cs', 'es'].includes(language)) await quick.screenshot({ path: shot(`tiles-${language}`), scale: 'css' });
  }
});

test('the page follows a phone set to dark, in every theme, with readable contrast', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  // A save, a republish and an axe run per theme: 38-41 s on a loaded machine, past the 30 s default.
  test.slow();
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = (rgb: string) => {
    const [r = 255, g = 255, b = 255] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3 < 60;
  };

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/instruction/${g.token}`);
  expect(dark(await background())).toBe(false);

  for (const theme of THEME_VALUES) {
    const saved = (await (await page.request.get(`/api/instruction/${g._id}`)).json()) as Record<string, unknown>;
    expect((await page.request.put(`/api/instruction/${g._id}`, { headers: { origin }, data: { ...saved, selectedTheme: theme } })).status()).toBe(200);
    await page.emulateMedia({ colorScheme: 'dark' });
    // A save republishes the page off the request path: wait for this theme's page.
    await expect
      .poll(async () => {
        await page.goto(`/instruction/${g.token}/en`);
        return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
      })
      .toBe(theme === '#fff' ? '#ffffff' : theme === '#444' ? '#444444' : theme);
    expect(dark(await background()), theme).toBe(true);
    expect(await seriousA11yViolations(page), theme).toEqual([]);
    if (theme === '#444' || theme === '#4a90e2') await page.screenshot({ path: shot(`dark-${theme.slice(1)}-en`), fullPage: true });
  }

  // In German too, and the light page is unchanged.
  await page.goto(`/instruction/${g.token}/de`);
  await expect(page.getByRole('heading', { name: 'Hausordnung' })).toBeVisible();
  expect(dark(await background())).toBe(true);
  await page.screenshot({ path: shot('dark-de'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(dark(await background())).toBe(false);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('light-de'), fullPage: true });
});
