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
