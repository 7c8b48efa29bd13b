import type { Page } from '@playwright/test';
import { appOrigin, chooseProfilePicture, createGuidebook, createVerifiedAccount, expect as baseExpect, logIn, test } from './fixtures/session.ts';

// At a phone's width, the Share dialog's e-mail field shows a whole address, and
// the profile picture is chosen with the editor's upload control, not the browser's bare
// "Choose File". Each test has its own account.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });
test.use({ viewport: { width: 375, height: 740 } });

async function freshHost(page: Page) {
  const account = await createVerifiedAccount('share-pic');
  await logIn(page, account, appOrigin());
  return account;
}

test('the Share dialog’s e-mail field is as wide as the dialog and shows a whole address at 375 px', { tag: '@mobile' }, async ({ page }) => {
  await freshHost(page);
  await createGuidebook(page, { nameInstruction: 'Narrow Loft' });
  await page.goto('/dashboard');
  await page.getByRole('article', { name: 'Narrow Loft' }).getByRole('button', { name: /More/ }).click();
  await page.getByRole('dialog', { name: 'Options' }).getByRole('button', { name: /^Share/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share guidebook' });
  const field = dialog.getByLabel("Guest's email address");
  await field.fill('jonathan.guest@example.com');
  await field.scrollIntoViewIfNeeded();

  const fits = await field.evaluate((input) => input.scrollWidth <= input.clientWidth);
  expect(fits, 'the typed address is wholly visible').toBe(true);
  const fieldBox = await field.boundingBox();
  const sectionBox = await dialog.getByRole('region', { name: 'Send by email' }).boundingBox();
  if (!fieldBox || !sectionBox) throw new Error('not laid out');
  // The field spans the section, less its padding (the Send button goes below it).
  expect(fieldBox.width).toBeGreaterThan(sectionBox.width - 60);
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeInViewport();
});

test('the profile picture uses the editor’s upload control: choosing a file uploads it', { tag: '@mobile' }, async ({ page }) => {
  await freshHost(page);
  await page.goto('/dashboard/profile');
  const card = page.getByRole('region', { name: 'Picture' });
  const control = card.getByText(/^Upload picture/);
  await expect(control).toBeVisible();
  // The browser's own file control is not shown: only its accessible stand-in.
  const input = card.getByLabel(/Upload picture/);
  expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await expect(card.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);

  // A cancelled choice says so; a chosen file is uploaded at once.
  await chooseProfilePicture(page, input);
  await expect(card.getByText(/^Replace picture/)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^\/media\//);
});
