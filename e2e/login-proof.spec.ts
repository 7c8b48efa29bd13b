import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { createVerifiedAccount, database, expect, mailsTo, test } from './fixtures/session.ts';

// No lockout by strangers (docs/security.md 8): past the per-account failure
// limit the owner signs in through a mailed one-time link, and from then on that browser is known.

/** What 100 failures from ten addresses leave behind (the e2e browser has one address). */
function exhaustAccountAllowance(email: string): void {
  database((db) => db.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 100, ?)').run(`login:acct:${email}`, Date.now() + 60 * 60_000));
}

async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Log In', exact: true });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit.click();
}

test('under attack, the owner signs in through the mailed link; that browser then signs in with the password', async ({ page, context }) => {
  const account = await createVerifiedAccount('proof');
  exhaustAccountAllowance(account.email);

  await logInWithForm(page, account.email, account.password);
  const notice = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(notice).toContainText(messages.auth.loginLinkSent);
  await expect(page).toHaveURL(/\/login$/);

  let link: string | undefined;
  await expect
    .poll(() => (link = mailsTo(account.email).map((mail) => /https?:\/\/[^/\s]+(\/login\?link=[\w-]+)/.exec(mail)?.[1]).findLast(Boolean)), { timeout: 15_000 })
    .toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard/);

  // Signed out again, the same browser is known: the password alone signs in.
  await context.clearCookies({ name: 'porchlight_session' });
  await logInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a used or unknown sign-in link says so on the login page', async ({ page }) => {
  await page.goto('/login?link=not-a-real-link-token-at-all');
  await expect(page.getByText(messages.auth.loginLinkFailed)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
});
