import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { createVerifiedAccount, expect, mailsTo, test } from './fixtures/session.ts';
import { routeFakeStripe } from './support/fake-stripe.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// docs/product.md §2 (Login, Register, Forgot/Reset password, verification screens), §4 (Auth, Registration,
// E-mail verification, Reset password), §5 (validation), §8 (login and reset messages).
// Registrations are rate-limited per address for the whole run (20 an hour): only the tests that
// are about a fresh account register one; the others use the worker's account.

const PASSWORD = 'porch-light-1';

function uniqueEmail(label: string): string {
  return `auth-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}

/** The link of the newest mail to `to` whose link starts with `pathname`, as a same-site path. */
async function mailedLink(to: string, pathname: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const pattern = new RegExp(`https?://[^/\\s]+(${pathname}\\?[^\\s]+)`);
        const found = mailsTo(to)
          .map((mail) => mail.match(pattern)?.[1])
          .filter(Boolean);
        link = found.at(-1);
        return link;
      },
      { timeout: 15_000, message: `a mail to ${to} with a ${pathname} link` },
    )
    .toBeTruthy();
  return link as string;
}

/** The form's submit button, once the island has hydrated (it is disabled until then). */
async function ready(page: Page, button: string) {
  const submit = page.getByRole('button', { name: button, exact: true });
  await expect(submit).toBeEnabled();
  return submit;
}

/** Fills the registration form once it has hydrated; returns its submit button, not yet clicked. */
async function fillRegistration(page: Page, name: string, email: string, password = PASSWORD, confirm = password) {
  const register = await ready(page, 'Register');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
  return register;
}

async function fillLogin(page: Page, email: string, password: string) {
  const submit = await ready(page, 'Log In');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit.click();
}

test('register, follow the mailed link, log in: lands on /dashboard with the user info stored', async ({ page }) => {
  // The verification page waits its full 10 s before opening the login page (docs/product.md §2), and
  // argon2 hashes twice: give it room on a loaded machine.
  test.setTimeout(90_000);
  const email = uniqueEmail('flow');
  await page.goto('/register');
  await (await fillRegistration(page, 'Rae Host', email)).click();

  // docs/product.md §4: an info notice replaces the form; the user stays on the page.
  await expect(page.getByRole('heading', { name: 'Check your inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page).toHaveURL(/\/register$/);

  const link = await mailedLink(email, '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: messages.auth.emailVerified, level: 1 })).toBeVisible();
  await expect(page.getByText('Hi Rae Host,')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Redirecting to login' })).toBeVisible();
  await page.waitForURL(/\/login$/, { timeout: 15_000 });

  await fillLogin(page, email, PASSWORD);
  await page.waitForURL(/\/dashboard/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as Record<string, unknown> | null);
  expect(stored).toMatchObject({ name: 'Rae Host', email, picture: '', googleId: null });
  expect(Object.keys(stored ?? {}).sort()).toEqual(['_id', 'email', 'googleId', 'name', 'picture']);

  // The link works once: a second visit says so, as information with a way to log in.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.auth.alreadyVerified);
  await expect(page.getByText(`Hi Rae Host, ${messages.auth.alreadyVerifiedText}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('main').locator('.bg-red-100')).toHaveCount(0);
  await expect(page.getByRole('main').locator('.bg-sky-100')).toBeVisible();
  await expect(toast(page, messages.auth.alreadyVerified)).toHaveCount(0);
  await page.screenshot({ path: `test-results/auth-already-verified-${test.info().project.name}.png`, scale: 'css' });
});

test('login with a wrong password shows the server message once, under the form, and stays on /login', async ({ page, account }) => {
  await page.goto('/login');
  await fillLogin(page, account.email, 'not-the-password');
  await expect(page.locator('form')).toContainText(messages.auth.invalidCredentials);
  await expect(page.getByText(messages.auth.invalidCredentials, { exact: true })).toHaveCount(1);
  await expect(toast(page, messages.auth.invalidCredentials)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('login before verifying shows the verification notice once, with a button that mails a new link', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('unverified');
  const origin = new URL(baseURL ?? '').origin;
  const registered = await request.post('/api/users', { headers: { origin }, data: { name: 'Una Host', email, password: PASSWORD, captchaToken: '' } });
  expect(registered.status()).toBe(201);
  const first = await mailedLink(email, '/verify-email');

  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText(messages.auth.verifyNotice)).toBeVisible();
  await expect(page.getByText(messages.auth.verifyFirst, { exact: true })).toHaveCount(1);
  await expect(toast(page, messages.auth.verifyFirst)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.auth.verificationResent })).toBeVisible();
  await page.screenshot({ path: `test-results/auth-login-resend-${test.info().project.name}.png`, scale: 'css' });
  await expect.poll(() => mailsTo(email).filter((mail) => /\/verify-email\?/.test(mail)).length, { timeout: 15_000 }).toBe(2);
  const fresh = await mailedLink(email, '/verify-email');
  expect(fresh).not.toBe(first);
  await page.goto(fresh);
  await expect(page.getByRole('heading', { name: messages.auth.emailVerified, level: 1 })).toBeVisible();
});

test('forgot password, reset through the mailed link, log in with the new password', async ({ page }) => {
  // Registers, verifies, resets and logs in three times: several argon2 hashes.
  test.slow();
  const account = await createVerifiedAccount('reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  const submit = await ready(page, 'Submit');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await submit.click();
  await expect(page.getByText(messages.auth.resetMailSent)).toBeVisible();

  const link = await mailedLink(account.email, '/resetPassword');
  const response = await page.goto(link);
  // The token is in the address: no Referer may carry it elsewhere (docs/security.md 11).
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');

  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const change = page.getByRole('button', { name: 'Change password' });
  // docs/product.md §5: at least 6 characters, both equal.
  await newPassword.fill('short');
  await confirm.fill('short');
  await change.click();
  await expect(page.getByText(messages.auth.passwordTooShort).first()).toBeVisible();
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await newPassword.fill('brand-new-pass');
  await confirm.fill('brand-new-pass2');
  await change.click();
  await expect(page.getByText(messages.auth.passwordsNotMatching).first()).toBeVisible();

  await confirm.fill('brand-new-pass');
  await change.click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.waitForURL(/\/login$/);

  await fillLogin(page, account.email, account.password);
  await expect(page.locator('form')).toContainText(messages.auth.invalidCredentials);
  await fillLogin(page, account.email, 'brand-new-pass');
  await page.waitForURL(/\/dashboard/);
});

test('a reset link with an unknown token says it expired and offers the way to login', async ({ page }) => {
  await page.goto('/resetPassword?token=not-a-real-token&email=nobody%40example.com');
  await expect(page.getByText(messages.auth.resetExpired)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a verification link with a bad token shows "Verification Failed" and asks for a new link there', async ({ page }) => {
  const response = await page.goto('/verify-email?token=bad-token&name=Ann');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { name: messages.auth.verificationFailed, level: 1 })).toBeVisible();
  await expect(page.getByText('Hi Ann,')).toBeVisible();
  // It stays: no countdown to the login page while the host asks for a new link.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const send = page.getByRole('button', { name: 'Send a new link' });
  await send.click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: messages.auth.verificationResent })).toBeVisible();
  await page.screenshot({ path: `test-results/auth-verify-failed-resend-${test.info().project.name}.png`, scale: 'css' });
  await expect(page).toHaveURL(/\/verify-email\?/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
});

test('"Choose Gold" on the landing page survives registration, the mailed link and the first login, which opens its checkout', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('gold');
  await page.goto('/#pricing-section');
  const gold = page.locator('[data-plan="gold"]');
  await page.locator('label[for="billing-yearly"]').click();
  await expect(gold.getByRole('link', { name: 'Choose Gold' })).toHaveCount(1);
  await gold.getByRole('link', { name: 'Choose Gold' }).click();
  await expect(page).toHaveURL(/\/register\?plan=gold&interval=yearly$/);
  await expect(page.getByText('You chose Gold, billed yearly')).toBeVisible();
  await page.screenshot({ path: `test-results/auth-register-gold-${test.info().project.name}.png`, scale: 'css' });

  await (await fillRegistration(page, 'Goldie Host', email)).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login?plan=gold&interval=yearly');

  const link = await mailedLink(email, '/verify-email');
  expect(new URL(link, 'http://x').searchParams.get('plan')).toBe('gold');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: messages.auth.emailVerified, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Go to login now' }).click();
  await expect(page).toHaveURL(/\/login\?plan=gold&interval=yearly$/);

  await routeFakeStripe(page);
  await fillLogin(page, email, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/dashboard/checkout' && url.search === '?plan=gold&interval=yearly');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('€48/year').first()).toBeVisible();
  await expect(page.getByTestId('fake-stripe-checkout')).toBeVisible();
});

test('login follows a same-site redirect and refuses another site', async ({ page, account }) => {
  await page.goto('/login?redirect=/dashboard/profile');
  await fillLogin(page, account.email, account.password);
  // The path, not the whole URL: /login?redirect=/dashboard/profile itself ends that way, so a
  // pattern on the URL let the test go on while the login's own navigation was still to come.
  await page.waitForURL((url) => url.pathname === '/dashboard/profile');

  // The second half from a blank page, in the same tab (the dashboard must not react to the lost session).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/login?redirect=//example.com/phish');
  await fillLogin(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
});

test('register checks the form before sending it', async ({ page }) => {
  await page.goto('/register');
  const register = await fillRegistration(page, 'Val', uniqueEmail('invalid'), 'abcdef', 'abcdeg');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users') posted = true;
  });
  await register.click();
  await expect(page.getByText(messages.auth.passwordsDontMatch).first()).toBeVisible();
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Confirm Password', { exact: true })).toBeFocused();

  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password', { exact: true }).fill('abc');
  await register.click();
  await expect(page.getByText(messages.auth.passwordTooShort)).toBeVisible();
  expect(posted).toBe(false);
});

for (const path of ['/login', '/register', '/forgotPassword', '/resetPassword', '/verify-email', '/verify-email-change']) {
  test(`${path}: the reduced header shows only Log In and Register`, { tag: '@mobile' }, async ({ page }) => {
    await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
    await expect(header.getByRole('link', { name: 'Features', exact: true })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  });
}

for (const path of ['/login', '/register', '/forgotPassword']) {
  test(`${path}: no serious accessibility violation, no third-party script when nothing is configured`, async ({ page, baseURL }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (/^https?:/.test(request.url()) && new URL(request.url()).origin !== new URL(baseURL ?? '').origin) thirdParty.push(request.url());
    });
    await page.goto(path);
    await ready(page, path === '/login' ? 'Log In' : path === '/register' ? 'Register' : 'Submit');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(thirdParty).toEqual([]);
    await expect(page.getByRole('button', { name: /google/i })).toHaveCount(0);
  });
}
