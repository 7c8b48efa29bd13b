import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/session.ts';

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

test('"Need Help?" shows only the contacts the host filled in (docs/decisions/015)', async ({ page, host, baseURL }) => {
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

test('each tile has its own icon; the host’s links say they open a new tab and keep a visible focus', async ({ page, host, baseURL }) => {
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
