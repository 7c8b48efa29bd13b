import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme } from './support/layout.ts';
import { createVerifiedAccount, expect, logIn, setPlan, test as base, type Account } from './fixtures/session.ts';

/** Each test's own Gold host: the worker's shared account is on Free (three guidebooks at most). */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`guest-page-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    setPlan(account.email, 'gold');
    await logIn(page, account, baseURL);
    await use(account);
  },
});

/**
 * The guest page as a new host reported it: contacts, tiles, check-in and check-out. Runs at
 * 375 and 1280 px (the two projects); the screenshots land in test-results/ to be looked at.
 */
async function guidebook(page: Page, origin: string, body: Record<string, unknown>): Promise<{ _id: string; token: string }> {
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft', ...body } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { instruction: { _id: string; token: string } }).instruction;
}

const shot = (name: string) => `test-results/guest-${name}-${test.info().project.name}.png`;

test('"Need Help?" shows only the contacts the host filled in (docs/decisions/015)', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  await page.goto('/instruction');
  const demoHelp = page.getByRole('region', { name: 'Need Help?' });
  await expect(demoHelp.getByRole('link', { name: 'Call' })).toBeVisible();
  await expect(demoHelp.getByRole('link', { name: /Facebook|Instagram/ })).toHaveCount(0);
  await expect(page.locator('a[href*="facebook.com"], a[href*="instagram.com"]')).toHaveCount(0);
  await demoHelp.screenshot({ path: shot('contacts-demo'), scale: 'css' });

  const filled = await guidebook(page, origin, { phone: '+385 91 555 0101', facebook: 'harbourloft', instagram: '@harbour_loft' });
  await page.goto(`/instruction/${filled.token}`);
  const help = page.getByRole('region', { name: 'Need Help?' });
  await expect(help.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/harbourloft');
  await expect(help.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/harbour_loft');
  await help.screenshot({ path: shot('contacts-filled'), scale: 'css' });

  // Printed: still none of the placeholders.
  await page.goto('/instruction');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Facebook|Instagram/ })).toHaveCount(0);
});

test('each tile has its own icon; the host’s links say they open a new tab and keep a visible focus', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, {
    code: '4821',
    secretsPolicy: 'stay',
    wifiName: 'Loft-Guests',
    boxes: [{ id: 1, title: 'Open the key box', paragraph: '<p>Code: <span data-marker="lockbox"></span></p>', imageUrl: '' }],
    taxiLink: 'https://taxi.example/harbour',
    foodLink: 'https://food.example/',
  });
  await page.goto(`/instruction/${g.token}`);
  const quick = page.getByRole('navigation', { name: 'Quick links' });
  await expect(quick.getByRole('link', { name: 'Door code', exact: true })).toHaveAttribute('href', '#access');
  await expect(quick.getByRole('link', { name: 'Check-in', exact: true })).toHaveAttribute('href', '#check-in');
  const taxi = quick.getByRole('link', { name: 'Taxi (opens in a new tab)', exact: true });
  await expect(taxi).toHaveAttribute('target', '_blank');
  await expect(quick.getByRole('link', { name: 'Order Food (opens in a new tab)', exact: true })).toBeVisible();
  await expect(quick.getByRole('link', { name: 'About', exact: true })).not.toHaveAttribute('target');
  // The words are for screen readers; the eye gets the arrow in the corner.
  await expect(taxi.getByText('(opens in a new tab)')).toHaveClass('sr-only');
  await expect(taxi.locator('.tile-external svg')).toBeVisible();
  await expect(quick.locator('.tile-external')).toHaveCount(2);

  const icons = await quick.getByRole('link').evaluateAll((links) => links.map((link) => link.querySelector('svg')?.innerHTML ?? ''));
  expect(new Set(icons).size).toBe(icons.length);

  await taxi.focus();
  await expect(taxi).toHaveCSS('outline-style', 'solid');
  await quick.screenshot({ path: shot('tiles'), scale: 'css' });
});

const TIMES = { checkInTime: '15:00', checkOutTime: '10:00' };

test('the editor sets the usual times and the check-out list; the guest page shows them in its header, a Check-out section and tile, and the house rule', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { selectedHouseRules: [3, 1] });

  await page.goto(`/dashboard/edit/${g._id}`);
  const panel = page.getByRole('region', { name: 'Check-in and check-out' });
  await panel.getByLabel('Check-in from').fill(TIMES.checkInTime);
  await panel.getByLabel('Check-out by').fill(TIMES.checkOutTime);
  for (const [index, step] of ['Strip the beds', 'Keys in the box', 'Dishwasher on'].entries()) {
    await panel.getByRole('button', { name: 'Add check-out step' }).click();
    const input = panel.getByLabel(`Check-out step ${index + 1}`, { exact: true });
    await expect(input).toBeFocused();
    await input.fill(step);
  }
  // A row added by mistake goes again, and the focus stays in the list.
  await panel.getByRole('button', { name: 'Add check-out step' }).click();
  await panel.getByRole('button', { name: 'Remove check-out step 4' }).click();
  await expect(panel.getByLabel('Check-out step 3', { exact: true })).toBeFocused();
  await expect(panel.getByLabel(/^Check-out step \d+$/)).toHaveCount(3);
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), scheme);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: shot(`editor-check-in-out-${scheme}`), scale: 'css' });
  }
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(async () => ((await (await page.request.get(`/api/instruction/${g._id}`)).json()) as { checkoutSteps: string[] }).checkoutSteps).toEqual(['Strip the beds', 'Keys in the box', 'Dishwasher on']);

  // A save republishes the page off the request path, guests keeping the previous one meanwhile:
  // open it until the new one is there.
  await expect
    .poll(async () => {
      await page.goto(`/instruction/${g.token}`);
      return page.getByRole('banner').textContent();
    })
    .toContain('Check-in from 15:00 · Check-out by 10:00');
  const quick = page.getByRole('navigation', { name: 'Quick links' });
  await expect(quick.getByRole('link', { name: 'Check-out', exact: true })).toHaveAttribute('href', '#check-out');
  const checkout = page.getByRole('region', { name: 'Check-out' });
  await expect(checkout.getByRole('listitem')).toHaveText(['Strip the beds', 'Keys in the box', 'Dishwasher on']);
  await expect(checkout.getByRole('term')).toHaveText(['Check-in', 'Check-out']);
  await expect(checkout.getByRole('definition')).toHaveText(['from 15:00', 'by 10:00']);
  await expect(page.getByRole('region', { name: 'House Rules' })).toContainText('Please respect the check-in and check-out times: check-in is from 15:00 and check-out is by 10:00.');
  await page.getByRole('banner').screenshot({ path: shot('header-times'), scale: 'css' });
  await quick.getByRole('link', { name: 'Check-out', exact: true }).click();
  await expect(checkout).toBeInViewport();
  await checkout.screenshot({ path: shot('checkout-section'), scale: 'css' });
});

test('Auto-Fill: the times and steps start new guidebooks, and “Apply to existing” copies them into the others', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  // The settings screen is opened twice (light and dark), each a chunk to fetch on a busy machine.
  test.setTimeout(60_000);
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const existing = await guidebook(page, origin, {});
  const project = test.info().project.name;
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Check-in and check-out' });
    await section.getByLabel('Check-in from').fill('16:00');
    await section.getByLabel('Check-out by').fill('10:30');
    await section.getByRole('button', { name: 'Add check-out step' }).click();
    await section.getByLabel('Check-out step 1', { exact: true }).fill('Keys in the box');
    await section.getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
    await expect(section.getByText('On save, all your existing guidebooks get these times and check-out steps.')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `test-results/settings-check-in-out-${project}-${scheme}.png`, scale: 'css' });
  }
  await expect(page.getByText(/Saving also updates the check-in and check-out times and steps of existing guidebooks/)).toBeVisible();
  await page.getByRole('button', { name: /^Save/ }).last().click();
  // Where Auto-Fill asks first, the host applies what it lists.
  const ask = page.getByRole('dialog', { name: 'Apply to existing guidebooks?' });
  await ask.getByRole('button', { name: /^Apply to 1 guidebook/ }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/instruction/${existing._id}`)).json()) as Record<string, unknown>).toMatchObject({ checkInTime: '16:00', checkOutTime: '10:30', checkoutSteps: ['Keys in the box'] });
  expect(await guidebook(page, origin, {})).toMatchObject({ checkInTime: '16:00', checkOutTime: '10:30', checkoutSteps: ['Keys in the box'] });
});

test('a new stay starts at the guidebook’s usual check-in and check-out times', { tag: '@mobile' }, async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const g = await guidebook(page, origin, { timeZone: 'Europe/Zagreb', checkInTime: '16:30', checkOutTime: '09:45' });
  await page.goto(`/dashboard/stays/${g._id}`);
  await page.getByRole('button', { name: 'Add stay' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add stay' });
  await expect(dialog.getByLabel('Check-in', { exact: true })).toHaveValue(/T16:30$/);
  await expect(dialog.getByLabel('Check-out', { exact: true })).toHaveValue(/T09:45$/);
  await dialog.screenshot({ path: shot('stay-dialog-times'), scale: 'css' });
});

/** A place as the editor saves it, with only what a test sets. */
function place(id: number, name: string, category: string, fields: Record<string, unknown> = {}) {
  return { id, name, category, note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false, ...fields };
}

test('the demo shows its Recommendations: the favourites first, each with its walk; no serious axe violation (light and dark)', { tag: '@mobile' }, async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await useColorScheme(page, scheme);
    await page.goto('/instruction');
    const section = page.getByRole('region', { name: 'Recommendations' });
    await expect(section).toBeVisible();
    const names = await section.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.map((name) => name.trim())).toEqual(['Bakery at the Corner', 'Pebble Cove Beach', 'Konoba Old Stone', 'Harbour Coffee Bar', 'Old Town Bell Tower', 'Seafront Pharmacy']);
    const bakery = section.getByRole('listitem').filter({ hasText: 'Bakery at the Corner' });
    await expect(bakery.getByRole('img', { name: 'One of our favourites' })).toBeVisible();
    await expect(bakery.getByText(/^\d+ m · \d+ min walk$/)).toBeVisible();
    await expect(bakery.getByRole('link', { name: /Directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=43\.5087,16\.4391$/);
    // The header tile leads to it.
    const tiles = page.getByRole('navigation', { name: 'Quick links' });
    await expect(tiles.getByRole('link', { name: 'Nearby' })).toHaveAttribute('href', '#places');
    if (scheme === 'light') await tiles.screenshot({ path: shot('places-tiles') });
    // No chips with six places.
    await expect(section.getByRole('radio')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: shot(`places-demo-${scheme}`) });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
});

test('more than six places: category chips filter the list without JavaScript, by mouse and by keyboard', { tag: '@mobile' }, async ({ browser, page, host, baseURL }) => {
  void host;
  const g = await guidebook(page, baseURL!, {
    addressUrl: 'https://www.google.com/maps/@43.5081,16.4402,18z',
    places: [
      place(1, 'Corner Bakery', 'eat', { pick: true, lat: 43.5087, lng: 16.4391 }),
      place(2, 'Konoba Stone', 'eat', { phone: '+385 21 555 0142', address: 'Put Firula 8, Split' }),
      place(3, 'Harbour Coffee', 'coffee', { lat: 43.5093, lng: 16.4378 }),
      place(4, 'Pebble Cove', 'beach', { lat: 43.5061, lng: 16.4413, website: 'https://cove.example/' }),
      place(5, 'Bell Tower', 'see', { lat: 43.5079, lng: 16.4386 }),
      place(6, 'Seafront Pharmacy', 'health'),
      place(7, 'Wine Corner', 'drink', { pick: true }),
      place(8, 'Night Bus', 'transport'),
    ],
  });
  // A guest without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined });
  const guest = await context.newPage();
  try {
    await guest.goto(`${baseURL}/instruction/${g.token}`);
    const section = guest.getByRole('region', { name: 'Recommendations' });
    const filter = section.getByRole('group', { name: 'Show places by category' });
    const visibleNames = async () => (await section.getByRole('heading', { level: 3 }).filter({ visible: true }).allTextContents()).map((name) => name.trim());
    await expect(filter.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(await visibleNames()).toHaveLength(8);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: shot('places-chips-all') });
    await filter.getByText('Beaches', { exact: true }).click();
    await expect(filter.getByRole('radio', { name: 'Beaches' })).toBeChecked();
    expect(await visibleNames()).toEqual(['Pebble Cove']);
    await section.screenshot({ path: shot('places-chips-beaches') });
    // Keyboard: the radio group moves with the arrow keys.
    await filter.getByRole('radio', { name: 'Beaches' }).focus();
    await guest.keyboard.press('ArrowRight');
    await expect(filter.getByRole('radio', { name: 'Getting around' })).toBeChecked();
    expect(await visibleNames()).toEqual(['Night Bus']);
    // The focused chip shows a ring.
    const outline = await filter.locator('label[for="pf-transport"]').evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(outline).toBe('solid');
    await filter.getByRole('radio', { name: 'All' }).focus();
    await guest.keyboard.press('Space');
    await expect(filter.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(await visibleNames()).toHaveLength(8);
  } finally {
    await context.close();
  }
  // axe needs JavaScript: the same page, in the usual browser.
  await page.goto(`/instruction/${g.token}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
