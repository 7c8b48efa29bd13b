import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { appOrigin, createGuidebook, deleteAllGuidebooks, expect as baseExpect, resetSettings, setPlan, test } from './fixtures/session.ts';

// Auto-Fill's "Apply to existing" never erases what a guidebook has by accident: it says what
// will change, keeps filled fields unless asked, and is undone in one click
// (docs/decisions/016-revisions-and-trash.md).

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function guidebook(page: Page, id: string): Promise<Instruction> {
  return (await (await page.request.get(`${appOrigin()}/api/instruction/${id}`)).json()) as Instruction;
}

// The worker's account is shared with other files, which expect it on Free.
test.afterEach(({ host }) => setPlan(host.email, 'free'));

test.beforeEach(async ({ page, host }) => {
  setPlan(host.email, 'gold');
  await resetSettings(page);
  await deleteAllGuidebooks(page);
});

test('empty defaults keep a guidebook’s WhatsApp and taxi link unless the host ticks “also clear”, and Undo brings them back', async ({ page }) => {
  const instruction = await createGuidebook(page, { nameInstruction: 'Harbour Loft', whatsapp: '+385 91 555 0101', taxiLink: 'https://taxi.example.com' });

  await page.goto('/dashboard/settings');
  const section = (name: string) => page.getByRole('region', { name });
  await section('Contact info').getByRole('switch', { name: 'Apply to existing instructions' }).click();
  await section('Redirection links').getByRole('switch', { name: 'Apply to existing instructions' }).click();
  await page.getByRole('button', { name: 'Save defaults' }).click();

  const ask = page.getByRole('dialog', { name: 'Apply to existing guidebooks?' });
  await expect(ask).toContainText('No guidebook changes: they already match these defaults.');
  await expect(ask).toContainText('2 filled fields stay as they are: the default is empty.');
  await expect(ask.getByRole('button', { name: 'Apply to 0 guidebooks' })).toBeDisabled();

  await ask.getByLabel(/Also clear fields left empty/).check();
  await expect(ask).toContainText('WhatsApp will be removed from 1 guidebook; Taxi link will be removed from 1 guidebook.');
  await expect(ask.getByRole('list', { name: 'Changes per guidebook' })).toContainText('Harbour Loft');
  await expect(ask.getByRole('list', { name: 'Changes per guidebook' })).toContainText('WhatsApp removed');
  await ask.screenshot({ path: `test-results/autofill-apply-preview-${test.info().project.name}.png`, scale: 'css' });
  await ask.getByRole('button', { name: 'Apply to 1 guidebook' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Applied to 1 existing guidebook.' })).toBeVisible();
  expect(await guidebook(page, instruction._id)).toMatchObject({ whatsapp: '', taxiLink: '' });

  await page.screenshot({ path: `test-results/autofill-applied-${test.info().project.name}.png`, fullPage: false });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.revisions.applyUndone(1) })).toBeVisible();
  expect(await guidebook(page, instruction._id)).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://taxi.example.com' });
  // The guest page has them again (its snapshot is rebuilt after the write).
  await expect.poll(async () => (await page.request.get(`${appOrigin()}/instruction/${instruction.token}`)).text()).toContain('wa.me/385915550101');
});

test('Auto-Fill matches the editor: one phone field, rich-text welcome, Parking among the links', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Phone (with country code)')).toHaveAttribute('placeholder', '+385 91 555 0101');
  await expect(page.getByLabel('Country code', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Welcome message' })).toHaveAttribute('contenteditable', 'true');
  await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
  await page.getByLabel('Parking').fill('garage.example.com/level-2');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.settings.updated })).toBeVisible();
  const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { parkingLink: string };
  expect(settings.parkingLink).toBe('https://garage.example.com/level-2');
  await page.screenshot({ path: `test-results/autofill-form-${test.info().project.name}.png`, fullPage: true });
});
