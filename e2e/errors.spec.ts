import { messages } from '../src/lib/shared/messages.ts';
import { expect, seriousA11yViolations, test } from './support/fixtures.ts';

// SPEC §2: any other path shows "Page not found" with "Go Back Home"; /crash shows the global
// error screen ("Something went wrong", the message, a Reload button).
test.describe('not found', () => {
  test('an unknown path answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: messages.app.notFound })).toBeVisible();
    await page.getByRole('link', { name: messages.app.goHome }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the 404 page has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/no-such-page');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test('/crash shows the error screen with the message and Reload', async ({ page }) => {
  const response = await page.goto('/crash');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: messages.app.crashed })).toBeVisible();
  // The crash route throws on purpose; its message is shown to the user.
  await expect(page.getByRole('main')).toContainText(/crash/i);
  const reload = page.getByRole('button', { name: messages.app.reload });
  await expect(reload).toBeVisible();
  const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/crash' && r.request().isNavigationRequest());
  await reload.click();
  expect((await reloaded).status()).toBe(500);
});
