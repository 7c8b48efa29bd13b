import type { Page } from '@playwright/test';
import { expect as baseExpect, createVerifiedAccount, logIn, setPlan, test } from './fixtures/session.ts';

// The editor's own words and marks. Marker chips are drawn with the icon
// set (an emoji is an empty box where no emoji font is installed, as in Debian's Chromium), and the
// Branding panel of a host below Premium shows what guests really see, and why. Each test has its
// own account: plans set here must not reach other specs' accounts.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 60_000 });

/** Emoji and other pictographs: what needs a colour-emoji font to be drawn. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

async function hostWithGuidebook(page: Page, content: Record<string, unknown>): Promise<{ email: string; id: string }> {
  const account = await createVerifiedAccount('chrome');
  await logIn(page, account, origin());
  const response = await page.request.post(`${origin()}/api/instruction`, { headers: { origin: origin() }, data: content });
  expect(response.status(), await response.text()).toBe(201);
  const { instruction } = (await response.json()) as { instruction: { _id: string } };
  return { email: account.email, id: instruction._id };
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/dashboard/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Check-in steps' })).toBeVisible({ timeout: 30_000 });
}

test('the lock-box and address chips show icons from the icon set, not emoji', async ({ page }) => {
  const { id } = await hostWithGuidebook(page, {
    nameInstruction: 'Chip Flat',
    code: '4455',
    boxes: [{ id: 1, title: 'Key box', paragraph: '<p>Code <span data-marker="lockbox"></span> at <span data-marker="address"></span></p>', imageUrl: '' }],
  });
  await openEditor(page, id);

  const text = page.getByRole('textbox', { name: 'Instructions' });
  for (const [marker, label] of [
    ['lockbox', 'Lock-box code'],
    ['address', 'Address link'],
  ] as const) {
    const chip = text.locator(`[data-marker="${marker}"]`);
    await expect(chip).toHaveText(label);
    await expect(chip.locator('svg')).toBeVisible();
    expect(await chip.textContent()).not.toMatch(PICTOGRAPH);
  }
  // The lock-box panel names the chip in words only.
  const lockBox = page.getByRole('region', { name: /Lock-box code/ });
  await expect(lockBox).toContainText('Lock-box code');
  expect(await lockBox.textContent()).not.toMatch(PICTOGRAPH);
  // Nowhere in the editor's chrome.
  expect(await page.locator('body').innerText()).not.toMatch(PICTOGRAPH);
});

test('the Branding panel of a free host shows the theme and title guests see, and why', async ({ page }) => {
  // White is what every guidebook stores by default; a free host's guests see the dark theme.
  const { id } = await hostWithGuidebook(page, { nameInstruction: 'Casa Blanca', selectedTheme: '#fff', brandingTitle: '' });
  await openEditor(page, id);

  const branding = page.getByRole('region', { name: /Branding title/ });
  await expect(branding.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(branding.getByRole('radio', { name: 'White' })).not.toBeChecked();
  await expect(branding.getByLabel('Title')).toHaveValue('Porchlight');
  await expect(branding).toContainText(/Guests see the Porchlight title and the Dark theme/);
  await expect(branding).toContainText(/Free plan/);
  await expect(branding.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/dashboard/upgradePlan');

  // The preview agrees with the panel.
  await page.getByRole('radio', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Guest page preview"]').locator('body')).toContainText('Porchlight');
});

test('a Gold host is told the same, naming the Gold plan; a Premium host sees their own choice', async ({ page }) => {
  const { id, email } = await hostWithGuidebook(page, { nameInstruction: 'Casa Rosa', selectedTheme: '#d94f7b', brandingTitle: 'Rosa Stays' });
  setPlan(email, 'gold');
  await openEditor(page, id);
  let branding = page.getByRole('region', { name: /Branding title/ });
  await expect(branding.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(branding).toContainText(/Gold plan/);
  // A choice saved earlier is kept for when the host upgrades.
  await expect(branding).toContainText(/Your saved choice, Pink with the title “Rosa Stays”, comes back on Premium/);

  setPlan(email, 'premium');
  await openEditor(page, id);
  branding = page.getByRole('region', { name: /Branding title/ });
  await expect(branding.getByRole('radio', { name: 'Pink' })).toBeChecked();
  await expect(branding.getByLabel('Title')).toHaveValue('Rosa Stays');
  await expect(branding).not.toContainText('Guests see the Porchlight title');
});
