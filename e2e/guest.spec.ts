import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/session.ts';

/**
 * The guest guidebook (SPEC §2 "Guest guidebook view"): the demo at /instruction, copy password,
 * the click-to-load map, and a regenerated link that stops working at once. Nothing may leave the
 * machine: third-party requests are answered by a local stub and recorded.
 */
async function stubThirdParties(page: Page): Promise<string[]> {
  const external: string[] = [];
  await page.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, async (route) => {
    external.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>map stub</title><p>map stub</p>' });
  });
  return external;
}

test('the demo guidebook: copy the Wi-Fi password to the clipboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const external = await stubThirdParties(page);
  const response = await page.goto('/instruction');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Seaside Cottage' })).toBeVisible();
  await expect(page.locator('#wifi-password')).toHaveText('sunny-days-ahead');

  await page.getByRole('button', { name: 'Copy Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('sunny-days-ahead');
  // SPEC §9: the notice goes after 1.5 s.
  await expect(page.getByRole('status')).toHaveText('', { timeout: 3_000 });
  expect(external).toEqual([]);
});

test('the map loads only after "Show map"', async ({ page }) => {
  const external = await stubThirdParties(page);
  await page.goto('/instruction');
  await expect(page.getByRole('heading', { name: 'Find the Address' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(external).toEqual([]);

  await page.getByRole('button', { name: 'Show map' }).click();
  const frame = page.locator('iframe.map-frame');
  await expect(frame).toHaveAttribute('src', 'https://maps.google.com/maps?q=43.5081,16.4402&z=18&output=embed');
  await expect(frame).toHaveAttribute('height', '250');
  await expect(page.frameLocator('iframe.map-frame').getByText('map stub')).toBeVisible();
  expect(external.every((url) => url.startsWith('https://maps.google.com/'))).toBe(true);
});

test('without JavaScript the password is readable and the map is a link', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/instruction');
  await expect(page.locator('#wifi-password')).toHaveText('sunny-days-ahead');
  await expect(page.getByRole('button', { name: 'Copy Password' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', /google\.com\/maps/);
  await expect(page.getByRole('img', { name: 'Wi-Fi QR code' })).toBeVisible();
  await context.close();
});

test('a regenerated link: the old URL answers 404 at once, the new one opens', async ({ page, host, baseURL }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Lighthouse Studio' } });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { token: string } };

  const first = await page.goto(`/instruction/${instruction.token}`);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse Studio' })).toBeVisible();

  const regenerated = await page.request.patch(`/api/instruction/preview/${instruction.token}`, { headers: { origin } });
  expect(regenerated.status()).toBe(200);
  const { instruction: fresh } = (await regenerated.json()) as { instruction: { token: string } };

  const old = await page.goto(`/instruction/${instruction.token}`);
  expect(old?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Guidebook not found' })).toBeVisible();
  const next = await page.goto(`/instruction/${fresh.token}`);
  expect(next?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse Studio' })).toBeVisible();
});
