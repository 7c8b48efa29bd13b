import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { chooseProfilePicture, expect, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// docs/product.md §2 Dashboard layout and the account screens: Profile, Support, Feedback, Affiliates.

// Each test signs in and visits several lazily loaded screens: give a busy CI machine room.
test.describe.configure({ timeout: 60_000 });

const SIDEBAR = [
  ['Guidebooks', '/dashboard'],
  ['Auto-Fill', '/dashboard/settings'],
  ['Arrivals', '/dashboard/arrivals'],
  ['Activity', '/dashboard/activity'],
  ['Integrations', '/dashboard/integrations'],
  ['Smart locks', '/dashboard/locks'],
  ['Team', '/dashboard/team'],
  ['Profile', '/dashboard/profile'],
  ['Plan', '/dashboard/currentSubscription'],
  ['Payouts', '/dashboard/payouts'],
  ['Affiliates', '/dashboard/affiliates'],
  ['Feedback', '/dashboard/feedback'],
  ['Support', '/dashboard/support'],
] as const;

/** The sidebar's links; on narrow screens they live in the drawer, opened first. */
async function openNavigation(page: Page) {
  // Decide only once the layout is drawn: before that, neither the toggle nor the sidebar shows.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/**
 * Where the dashboard sends a signed-out user is what these tests check, not the login page
 * itself (it has its own suite): answer /login with a stub so its islands do not run here.
 */
async function stubLoginPage(page: Page) {
  await page.route(/\/login(\?|$)/, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Log in</title><h1>Log in</h1>' }));
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}

test('the sidebar lists every screen and opens the main website in a new tab', { tag: '@mobile' }, async ({ page, host }) => {
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(host.name);

  let nav = await openNavigation(page);
  for (const [label, href] of SIDEBAR) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('aria-current', 'page');
  const website = nav.getByRole('link', { name: /Main Website/ });
  await expect(website).toHaveAttribute('href', '/');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAttribute('rel', /noopener/);

  await nav.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/support$/);
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  nav = await openNavigation(page);
  await expect(nav.getByRole('link', { name: 'Support', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('the sidebar is always open from 768 px and a drawer below it', { tag: '@mobile' }, async ({ page, host: _host }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/dashboard/feedback');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // While the drawer is open (a modal) the rest of the page, toggle included, leaves the a11y tree.
  const toggle = page.locator('header button[aria-haspopup="dialog"]');

  // Opens, takes focus, closes on a tap outside and gives focus back to the toggle.
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Guidebooks' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.click(360, 500);
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // Escape closes it too; choosing a link closes it and navigates.
  await menu.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await menu.click();
  await drawer.getByRole('link', { name: 'Affiliates' }).click();
  await expect(page).toHaveURL(/\/dashboard\/affiliates$/);
  await expect(drawer).toBeHidden();
});

test('the theme follows the browser until the host chooses one; the choice persists across visits', async ({ page, host: _host }) => {
  const html = page.locator('html');
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your Guidebooks' })).toBeVisible();
    await expect(html).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await openNavigation(page);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked({ checked: scheme === 'dark' });
    await page.screenshot({ path: `test-results/dashboard-theme-${scheme}-${test.info().project.name}.png`, scale: 'css' });
    if (await page.getByRole('dialog', { name: 'Menu' }).isVisible()) await page.keyboard.press('Escape');
  }
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  // Nothing chosen: a change of the browser's setting shows at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);

  // Chosen: light stays while the browser prefers dark, across visits.
  await openNavigation(page);
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Guidebooks' })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);

  // And dark stays while the browser prefers light.
  await openNavigation(page);
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Guidebooks' })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
});

test('the theme is set before the app starts (no flash of the other one)', async ({ page, host: _host }) => {
  // No script of the app runs: whatever the class says then was set by the page's inline script.
  await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
  const html = page.locator('html');
  for (const [scheme, stored, dark] of [
    ['dark', null, true],
    ['light', null, false],
    ['dark', 'light', false],
    ['light', 'dark', true],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/dashboard/profile');
    await page.evaluate((value) => (value ? localStorage.setItem('theme', value) : localStorage.removeItem('theme')), stored);
    await page.reload();
    expect(await html.evaluate((element) => element.classList.contains('dark')), `${scheme}, stored ${stored}`).toBe(dark);
  }

  // The printable poster wears the dashboard's mode by the same rule.
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`${origin}/api/instruction`, { headers: { origin }, data: { nameInstruction: 'Poster Flat' } });
  const { instruction } = (await created.json()) as { instruction: { _id: string } };
  await page.evaluate(() => localStorage.removeItem('theme'));
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/dashboard/poster/${instruction._id}`);
    expect(await html.evaluate((element) => element.classList.contains('dark')), `poster, ${scheme}`).toBe(scheme === 'dark');
  }
  await page.request.delete(`${origin}/api/instruction/${instruction._id}`, { headers: { origin } });
});

test('profile: the name dialog validates, then renames the user everywhere', async ({ page, host }) => {
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change name' });
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.auth.bothRequired);

  const newName = `Dana ${Date.now().toString(36)}`;
  await dialog.getByLabel('New name').fill(newName);
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.auth.wrongPassword);

  await dialog.getByLabel('Password').fill(host.password);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(toast(page, messages.auth.nameUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(newName);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { name: string } | null);
  expect(stored?.name).toBe(newName);
});

test('profile: the password dialog checks its rules, then changes the password', async ({ page, host }) => {
  await page.goto('/dashboard/profile');
  const open = page.getByRole('button', { name: 'Edit password' });
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const save = dialog.getByRole('button', { name: 'Save password' });
  const alert = dialog.getByRole('alert');

  await open.click();
  await save.click();
  await expect(alert).toHaveText(messages.auth.bothRequired);
  await dialog.getByLabel('Current password').fill(host.password);
  await dialog.getByLabel('New password', { exact: true }).fill('abcdef1');
  await dialog.getByLabel('Repeat new password').fill('abcdef2');
  await save.click();
  await expect(alert).toHaveText(messages.auth.newPasswordsDontMatch);
  await dialog.getByLabel('New password', { exact: true }).fill('abc');
  await dialog.getByLabel('Repeat new password').fill('abc');
  await save.click();
  await expect(alert).toHaveText(messages.auth.passwordTooShort);

  // Change it, then back: the worker's other tests log in with the original password.
  const temporary = `${host.password}-2`;
  for (const [from, to] of [
    [host.password, temporary],
    [temporary, host.password],
  ] as const) {
    if (!(await dialog.isVisible())) await open.click();
    await dialog.getByLabel('Current password').fill(from);
    await dialog.getByLabel('New password', { exact: true }).fill(to);
    await dialog.getByLabel('Repeat new password').fill(to);
    await save.click();
    await expect(toast(page, messages.auth.passwordUpdated).first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  // The session went on under its renewed cookie.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('profile: a picture needs a file, then uploads and replaces the initials', async ({ page, host: _host }) => {
  await page.goto('/dashboard/profile');
  // The profile picture takes the editor's upload control: a cancelled choice says so, a chosen file uploads.
  await chooseProfilePicture(page, page.getByLabel(/Profile picture/));
  // The top bar's avatar shows the stored picture, served from our own /media route.
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /^\/media\//);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { picture: string } | null);
  expect(stored?.picture).toMatch(/^\/media\//);
});

test('profile and support follow what /api/users/me says: Google accounts are locked, premium sees numbers', async ({ page, host: _host }) => {
  // Google sign-in and billing need third parties; the shape of the server's answer is what matters.
  await page.route('**/api/users/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...me, googleId: 'google-123', plan: 'premium', supportPhone: '+385 91 555 0199' } });
  });
  // The plan card reads the subscription (the billing spec covers it against the Stripe stand-in).
  await page.route('**/api/get-subscription-data', async (route) => {
    const response = await route.fetch();
    const subscription = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...subscription, plan: 'Premium', planId: 'premium', status: 'active', price: 1000, paymentInterval: 'monthly', managedBy: 'stripe' } });
  });
  await page.goto('/dashboard/profile');
  await expect(page.getByText('Locked', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Current Plan' })).toContainText('Premium');

  await page.goto('/dashboard/support');
  await expect(page.getByText('Premium', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '+385 91 555 0199' })).toHaveCount(3);
  await expect(page.getByRole('link', { name: '+385 91 555 0199' }).first()).toHaveAttribute('href', 'tel:+385915550199');
});

test('profile: the current plan card shows the plan and links to the pricing view', async ({ page, host: _host }) => {
  await page.goto('/dashboard/profile');
  const card = page.getByRole('region', { name: 'Current Plan' });
  await expect(card).toContainText('Free');
  await card.getByRole('link', { name: 'Upgrade plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgradePlan$/);
});

test('support: premium numbers are masked and the prefilled form sends', async ({ page, host }) => {
  await page.goto('/dashboard/support');
  await expect(page.getByText('24/7 support')).toBeVisible();
  await expect(page.getByText('Premium', { exact: true })).toHaveCount(3);

  await expect(page.getByLabel('Full Name')).toHaveValue(host.name);
  await expect(page.getByLabel('Email Address')).toHaveValue(host.email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(messages.contact.messageRequired)).toBeVisible();

  await page.getByLabel('Message', { exact: true }).fill('The check-in step editor is lovely. How do I add a second lock box?');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messaging/sendMessageFromUser');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).ok()).toBe(true);
  await expect(toast(page, messages.contact.sent)).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('feedback: six answers are required, then the thank-you state', async ({ page, host: _host }) => {
  await page.goto('/dashboard/feedback');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Please answer this question.')).toHaveCount(6);
  const answers = page.getByRole('textbox');
  await expect(answers).toHaveCount(6);
  for (let index = 0; index < 6; index += 1) await answers.nth(index).fill(`Answer <${index + 1}> & more`);

  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/messaging/sendMessageFromUser');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  const body = (await sent).postDataJSON() as { message: string };
  expect(body.message).toContain('<p><strong>How easy is it to create and edit a guidebook in the editor?</strong><br>Answer &lt;1&gt; &amp; more</p>');
  await expect(page.getByRole('heading', { name: messages.feedback.thanks })).toBeVisible();
});

test('affiliates: under construction, and the preview saves a code and pages through referrals', async ({ page, host: _host }) => {
  await page.goto('/dashboard/affiliates');
  await expect(page.getByRole('heading', { name: 'Under Construction' })).toBeVisible();
  // The page shows through but is inert: its controls are out of reach.
  const inert = page.locator('[inert]');
  await expect(inert.getByRole('heading', { name: 'Referral Activity' })).toBeVisible();
  await expect(inert.getByRole('button', { name: 'Save' }).click({ trial: true, timeout: 1000 })).rejects.toThrow();

  await page.getByRole('button', { name: 'Explore the preview' }).click();
  const code = page.getByLabel('Your host code');
  await code.fill('ABCDEFGHIJKLMNOPQRSTUV');
  await expect(code).toHaveValue('ABCDEFGHIJKLMNOP');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('status').getByText('Saved!');
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden();

  await expect(page.getByText('17', { exact: true })).toBeVisible();
  await expect(page.getByText('€85.00')).toBeVisible();
  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  const pages = page.getByRole('navigation', { name: 'Referral pages' });
  await expect(rows).toHaveCount(10);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(10);
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows).toHaveCount(5);
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('unknown dashboard paths show "Page not found"; the editor has no sidebar or top bar', async ({ page, host: _host }) => {
  await page.goto('/dashboard/no-such-screen');
  await expect(page.getByRole('heading', { name: messages.app.notFound })).toBeVisible();
  await page.getByRole('link', { name: messages.app.goHome }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An id that is not the host's: the editor shows the server's message in its danger alert.
  await page.goto('/dashboard/edit/some-id');
  await expect(page.getByRole('alert').filter({ hasText: messages.instruction.notFound })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
});

test('Log Out ends the session and forgets the stored user', async ({ page, host }) => {
  await stubLoginPage(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: new RegExp(host.name) }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a session that ends while the dashboard is open leads to /login with a way back', async ({ page, context, host: _host }) => {
  await stubLoginPage(page);
  await page.goto('/dashboard/support');
  await expect(page.getByLabel('Full Name')).not.toHaveValue('');
  await context.clearCookies();
  await page.getByLabel('Message', { exact: true }).fill('Hello?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsupport|\/login\?redirect=\/dashboard\/support/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

const A11Y_SCREENS = ['/dashboard', '/dashboard/profile', '/dashboard/support', '/dashboard/feedback', '/dashboard/affiliates', '/dashboard/settings', '/dashboard/no-such-screen'];

for (const theme of ['dark', 'light'] as const) {
  test(`dashboard screens have no serious or critical accessibility violations (${theme})`, async ({ page, host: _host }) => {
    // axe takes a few seconds a screen.
    test.setTimeout(150_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const screen of A11Y_SCREENS) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page), screen).toEqual([]);
    }
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Edit password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(messages.auth.bothRequired);
    expect(await seriousA11yViolations(page), 'password dialog').toEqual([]);
  });
}
