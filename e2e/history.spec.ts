import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { appOrigin, createGuidebook, deleteAllGuidebooks, expect as baseExpect, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { useColorScheme } from './support/layout.ts';

// Nothing a host does is final by accident (docs/decisions/016-revisions-and-trash.md): the
// editor's History restores any of the last 50 versions, and a deleted guidebook waits in the
// trash for 30 days, its old link working again after a restore.

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Guidebook = Instruction;

const headers = () => ({ origin: appOrigin() });

async function save(page: Page, current: Guidebook, changes: Record<string, unknown>): Promise<Guidebook> {
  const response = await page.request.put(`${appOrigin()}/api/instruction/${current._id}`, { headers: headers(), data: { ...current, ...changes } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { instruction: Guidebook }).instruction;
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: /notifications/i }).getByText(message);
}

// The worker's account is shared with other files, which expect it on Free.
test.afterEach(({ host }) => setPlan(host.email, 'free'));

test.beforeEach(async ({ page, host }) => {
  setPlan(host.email, 'gold');
  await deleteAllGuidebooks(page);
  // The worker's account is shared with other files, whose deletes land in the trash too: emptied first.
  for (const { _id } of (await (await page.request.get(`${appOrigin()}/api/instruction/trash`)).json()) as Guidebook[]) {
    expect((await page.request.delete(`${appOrigin()}/api/instruction/trash/${_id}`, { headers: headers() })).ok()).toBe(true);
  }
});

test('the History lists each saved version with what changed, shows one, and restores it as a new save', async ({ page }) => {
  const steps = [
    { id: 1, title: 'Find the building', paragraph: '<p>Blue door.</p>', imageUrl: '' },
    { id: 2, title: 'Open the key box', paragraph: '<p>Turn the dial.</p>', imageUrl: '' },
  ];
  const made = await createGuidebook(page, { nameInstruction: 'Harbour Loft', wifiPassword: 'first-pass', boxes: steps });
  const edited = await save(page, made, { wifiPassword: 'second-pass', boxes: [steps[0], { ...steps[1], title: 'Open the lock box' }] });

  await page.goto(`/dashboard/edit/${made._id}`);
  await page.getByRole('radio', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem').filter({ hasText: /^Version/ });
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(`Version ${edited.version}`);
  await expect(versions.first()).toContainText('Current');
  await expect(versions.first()).toContainText('Check-in step 2 edited, Wi-Fi password changed.');
  await expect(versions.nth(1)).toContainText('The guidebook was created.');
  await page.screenshot({ path: `test-results/editor-history-${test.info().project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(page), 'history').toEqual([]);
  // The dark theme too: "Current" on its deep amber.
  await useColorScheme(page, 'dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: `test-results/editor-history-${test.info().project.name}-dark.png`, fullPage: true });
  expect(await seriousA11yViolations(page), 'history, dark').toEqual([]);

  // Viewing a version draws it as guests would see it.
  await versions.nth(1).getByRole('button', { name: `View version ${made.version}` }).click();
  const frame = page.frameLocator(`iframe[title="Guest page preview: Version ${made.version}"]`);
  await expect(frame.getByText('Open the key box')).toBeVisible();

  await versions.nth(1).getByRole('button', { name: `Restore version ${made.version}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Restore version ${made.version}?` });
  await expect(confirm).toContainText('What it is now stays in the History, so you can undo this.');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, messages.revisions.restored)).toBeVisible();

  const now = (await (await page.request.get(`${appOrigin()}/api/instruction/${made._id}`)).json()) as Guidebook;
  expect(now).toMatchObject({ version: edited.version + 1, wifiPassword: 'first-pass' });
  expect(now.boxes[1]!.title).toBe('Open the key box');
  // The History stays open with the restore on top, and the editor holds the restored content.
  await expect(page.getByRole('radio', { name: 'History' })).toHaveAttribute('aria-checked', 'true');
  await expect(versions.first()).toContainText(`Restored version ${made.version}`);
  await page.getByRole('radio', { name: 'Edit' }).click();
  await expect(page.locator('input[value="Open the key box"]')).toHaveCount(1);
});

test('a deleted guidebook goes to the trash: Undo in the toast, Restore from the trash, and Delete forever', async ({ page }) => {
  const made = await createGuidebook(page, { nameInstruction: 'Poster Flat' });
  const guestPage = () => page.request.get(`${appOrigin()}/instruction/${made.token}`).then((response) => response.status());

  const remove = async () => {
    await page.goto('/dashboard');
    await page.getByRole('article', { name: 'Poster Flat' }).getByRole('button', { name: /More/ }).click();
    await page.getByRole('dialog', { name: 'Options' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, messages.instruction.deleted)).toBeVisible();
    expect(await guestPage()).toBe(404);
  };

  await remove();
  await page.getByRole('region', { name: /notifications/i }).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, messages.trash.restored)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Poster Flat' })).toBeVisible();
  expect(await guestPage()).toBe(200);

  await remove();
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const item = page.getByRole('list', { name: 'Deleted guidebooks' }).getByRole('listitem');
  await expect(item).toContainText('Poster Flat');
  await expect(item).toContainText(/removed for good in (29|30) days/);
  await page.screenshot({ path: `test-results/dashboard-trash-${test.info().project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(page), 'trash').toEqual([]);
  await item.getByRole('button', { name: 'Restore Poster Flat' }).click();
  await expect(toast(page, messages.trash.restored)).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  expect(await guestPage()).toBe(200);

  await remove();
  await page.goto('/dashboard/trash');
  await page.getByRole('button', { name: 'Delete forever Poster Flat' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Poster Flat” forever?' });
  await confirm.getByRole('button', { name: 'Delete forever' }).click();
  await expect(toast(page, messages.trash.purged)).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  expect((await page.request.post(`${appOrigin()}/api/instruction/${made._id}/restore`, { headers: headers() })).status()).toBe(404);
});
