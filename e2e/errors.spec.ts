import { messages } from '../src/lib/shared/messages.ts';
import { expect, seriousA11yViolations, test } from './support/fixtures.ts';

// Any other path shows "Page not found" with "Go Back Home"; /crash shows the global error screen
// ("Something went wrong", a reference for support, a Reload button).
test.describe('not found', () => {
  test('an unknown path answers 404 with a way home', { tag: '@mobile' }, async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: messages.app.notFound })).toBeVisible();
    await page.getByRole('link', { name: messages.app.goHome }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the 404 page has no serious or critical accessibility violations', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/no-such-page');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test('/crash shows the error screen with a reference, no internal text, and Reload', { tag: '@mobile' }, async ({ page }) => {
  const response = await page.goto('/crash');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: messages.app.crashed })).toBeVisible();
  // The e2e server runs in production: the error's own text stays in the log, the page names the
  // request id that log line carries (tests/error-page.test.ts reads the log).
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/crash test|on purpose/i);
  const requestId = response?.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(main).toContainText(`Reference: ${requestId}`);
  const reload = page.getByRole('button', { name: messages.app.reload });
  await expect(reload).toBeVisible();
  const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/crash' && r.request().isNavigationRequest());
  await reload.click();
  expect((await reloaded).status()).toBe(500);
});
