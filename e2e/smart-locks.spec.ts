import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { appOrigin, createVerifiedAccount, expect, logIn, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { sidewaysOverflow, useColorScheme, type ColorScheme } from './support/layout.ts';

// docs/product/locks.md, slice 1 of docs/decisions/030-smart-locks.md: a Premium host connects a
// lock account through Seam's webview (the stand-in behind tests/helpers/pms/cli.ts, under /seam,
// on a certificate of its own) and gives a lock to a guidebook, then, on Gold, reads when the
// accounts go and disconnects them; a Free host is offered Premium.
// At 375 px (the phone project) and 1280 px, light and dark, with axe.

test.describe.configure({ timeout: 120_000 });
// The stand-in's webview is https with the run's own certificate, as Seam's page is https.
test.use({ ignoreHTTPSErrors: true });

async function shoot(page: Page, name: string, scheme: ColorScheme): Promise<void> {
  await page.screenshot({ path: `test-results/smart-locks-${name}-${test.info().project.name}-${scheme}.png`, fullPage: true, scale: 'css' });
}

async function guidebookOf(page: Page, nameInstruction: string): Promise<Instruction> {
  const origin = appOrigin();
  const answer = await page.request.post(`${origin}/api/instruction`, { headers: { origin }, data: { nameInstruction } });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { instruction: Instruction }).instruction;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a Premium host connects a lock account through Seam and gives its lock to a guidebook; on Gold, reads when it goes and disconnects it (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const host = await createVerifiedAccount('locks-premium');
    setPlan(host.email, 'premium');
    await useColorScheme(page, scheme);
    await logIn(page, host, baseURL);
    await guidebookOf(page, 'Sea View');

    await page.goto('/dashboard/locks');
    await expect(page.getByRole('heading', { level: 1, name: 'Smart locks' })).toBeVisible();
    const connect = page.getByRole('button', { name: 'Connect a lock account' });
    await expect(connect).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'empty', scheme);

    await connect.click();
    // Seam's page (the stand-in's): a top-level page of its own origin, then back to the screen.
    await expect(page.getByRole('heading', { name: 'Connect your August account' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/seam/connect_webviews/view');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.locks.connected('August', 2) })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/locks$/);

    const account = page.getByRole('region', { name: 'August' });
    await expect(account.getByText('Connected', { exact: true })).toBeVisible();
    const locks = account.getByRole('list', { name: 'Locks of August' }).getByRole('listitem');
    await expect(locks).toHaveCount(2);
    await expect(locks.nth(0)).toContainText('Back gate');
    await expect(locks.nth(0)).toContainText(/Offline since/);
    await expect(locks.nth(1)).toContainText('Front door');
    await expect(locks.nth(1)).toContainText('Online');
    await expect(locks.nth(1)).toContainText('Online codes · backup codes');

    const select = locks.nth(1).getByRole('combobox', { name: 'Guidebook' });
    await select.selectOption({ label: 'Sea View' });
    await expect(page.getByText(messages.locks.assigned('Front door', 'Sea View'))).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'August' }).getByRole('listitem').nth(1).getByRole('combobox', { name: 'Guidebook' })).toHaveValue(/.+/);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'connected', scheme);
    for (const word of ['instruction', 'product']) await expect(page.getByRole('main')).not.toContainText(new RegExp(`\\b${word}`, 'i'));

    // The plan lapses (docs/product/locks.md, "When the plan no longer includes smart locks"): the
    // day Porchlight disconnects, the locks without their select or Refresh, and Disconnect on Gold.
    setPlan(host.email, 'gold');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your plan no longer includes smart locks' })).toBeVisible();
    await expect(page.getByText(/Porchlight disconnects these lock accounts on \d{1,2} \w+ \d{4}, unless you upgrade before then/)).toBeVisible();
    const lapsed = page.getByRole('region', { name: 'August' });
    await expect(lapsed.getByRole('listitem')).toHaveCount(2);
    await expect(lapsed.getByRole('combobox')).toHaveCount(0);
    await expect(lapsed.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'lapsed', scheme);
    await lapsed.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog', { name: 'Disconnect August?' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText(messages.locks.disconnected('August'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Smart locks are part of Premium' })).toBeVisible();
  });

  test(`a Free host sees what smart locks do and the way to Premium (${scheme})`, { tag: scheme === 'light' ? '@mobile' : [] }, async ({ page, baseURL }) => {
    const host = await createVerifiedAccount('locks-free');
    await useColorScheme(page, scheme);
    await logIn(page, host, baseURL);
    await page.goto('/dashboard/locks');
    await expect(page.getByRole('heading', { name: 'Smart locks are part of Premium' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/dashboard/checkout?plan=premium&interval=monthly');
    await expect(page.getByRole('button', { name: 'Connect a lock account' })).toHaveCount(0);
    expect((await sidewaysOverflow(page)).beyondRightEdge).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'free', scheme);
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkout\?plan=premium/);
  });
}
