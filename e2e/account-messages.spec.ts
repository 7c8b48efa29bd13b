import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { createVerifiedAccount, expect, logIn, mailsTo, test } from './fixtures/session.ts';

// What a new host reads after registering ("Check your inbox", fully in view,
// not under the sticky header), and the e-mail-change link opened while signed out: it says what
// to do (log in), and after logging in the change completes (the link's token survives the login).

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'porch-light-1';

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

function uniqueEmail(label: string): string {
  return `msg-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}

/** The same-site path of the newest link to `pathname` mailed to `to`. */
async function mailedLink(to: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${pathname}\\?[^\\s"<]+)`);
  let link: string | undefined;
  await expect
    .poll(() => (link = mailsTo(to).map((mail) => mail.match(pattern)?.[1]).filter(Boolean).at(-1)), { timeout: 15_000, message: `a ${pathname} link mailed to ${to}` })
    .toBeTruthy();
  return link!.replace(/&amp;/g, '&');
}

test('after registering, "Check your inbox" is in full view below the sticky header', async ({ page }) => {
  // A phone: the form is taller than the screen, so the Register button is reached by scrolling.
  await page.setViewportSize({ width: 375, height: 640 });
  await page.goto('/register');
  const register = page.getByRole('button', { name: 'Register', exact: true });
  await expect(register).toBeEnabled();
  await page.getByLabel('Name', { exact: true }).fill('Rae Host');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('inbox'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await register.click();

  const heading = page.getByRole('heading', { name: 'Check your inbox', level: 1 });
  await expect(heading).toBeInViewport({ ratio: 1 });
  // Once any scrolling has settled (the page still for a few frames): the heading starts below the header, not under it.
  await page.evaluate(
    () =>
      new Promise<void>((settled) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 5) settled();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  const headerBox = await page.getByRole('banner').boundingBox();
  const headingBox = await heading.boundingBox();
  if (!headerBox || !headingBox) throw new Error('not laid out');
  expect(headingBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  await expect(page.getByRole('status').first()).toBeInViewport();
});

test('the e-mail-change link opened signed out says to log in; after logging in the change completes', async ({ page }) => {
  const account = await createVerifiedAccount('change');
  const newEmail = uniqueEmail('new');
  await logIn(page, account, origin());
  const asked = await page.request.patch(`${origin()}/api/users/email`, { headers: { origin: origin() }, data: { newEmail, password: account.password } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const link = await mailedLink(newEmail, '/verify-email-change');
  await page.context().clearCookies();

  await page.goto(link);
  // Not an error: what to do, and what happens next.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Log in to confirm your new email');
  await expect(page.getByRole('status').first()).toContainText(/log in with your current email address.*the change completes right after/i);
  await expect(toast(page, messages.auth.pleaseLogIn)).toHaveCount(0);
  await expect(page.getByText(messages.auth.verificationFailed)).toHaveCount(0);

  await page.getByRole('link', { name: 'Log in to confirm' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const submit = page.getByRole('button', { name: 'Log In', exact: true });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await submit.click();

  // Back on the link, signed in: the change is made.
  await expect(page).toHaveURL(/\/verify-email-change\?/);
  await expect(page.getByRole('heading', { name: messages.auth.emailVerified, level: 1 })).toBeVisible();
  const me = await page.request.get(`${origin()}/api/users/me`);
  expect(me.ok()).toBe(true);
  expect(((await me.json()) as { email: string }).email).toBe(newEmail);
});
