import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { expect as baseExpect, createVerifiedAccount, logIn, test } from './fixtures/session.ts';

// At a phone's width, the Share dialog's e-mail field shows a whole address, and
// the profile picture is chosen with the editor's upload control, not the browser's bare
// "Choose File". Each test has its own account.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });
test.use({ viewport: { width: 375, height: 740 } });

/** A real 16×16 PNG: the upload route re-encodes every image, so it must decode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWO4Gc9BEmIY1RA/Gko3h2vSAADwxkAQKvfJTQAAAABJRU5ErkJggg==',
  'base64',
);

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

async function freshHost(page: Page) {
  const account = await createVerifiedAccount('share-pic');
  await logIn(page, account, origin());
  return account;
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}

test('the Share dialog’s e-mail field is as wide as the dialog and shows a whole address at 375 px', async ({ page }) => {
  await freshHost(page);
  const response = await page.request.post(`${origin()}/api/instruction`, { headers: { origin: origin() }, data: { nameInstruction: 'Narrow Loft' } });
  expect(response.status()).toBe(201);
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

test('the profile picture uses the editor’s upload control: choosing a file uploads it', async ({ page }) => {
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
  await input.setInputFiles([]);
  await expect(toast(page, messages.upload.noFile)).toBeVisible();
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/profile');
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect((await saved).ok()).toBe(true);
  await expect(toast(page, 'Profile picture updated')).toBeVisible();
  await expect(card.getByText(/^Replace picture/)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^\/media\//);
});
