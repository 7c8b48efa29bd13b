import { messages } from '../src/lib/shared/messages.ts';
import { appOrigin, createGuidebook, deleteAllGuidebooks, expect as baseExpect, readGuidebook, resetSettings, setPlan, test } from './fixtures/session.ts';

// Auto-Fill's "Apply to existing" never erases what a guidebook has by accident: it says what
// will change, keeps filled fields unless asked, and is undone in one click
// (docs/decisions/016-revisions-and-trash.md).

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// The worker's account is shared with other files, which expect it on Free and with empty
// defaults (default places would join every guidebook they create).
test.afterEach(async ({ page, host }) => {
  setPlan(host.email, 'free');
  await resetSettings(page);
});

test.beforeEach(async ({ page, host }) => {
  setPlan(host.email, 'gold');
  await resetSettings(page);
  await deleteAllGuidebooks(page);
});

test('empty defaults keep a guidebook’s WhatsApp and taxi link unless the host ticks “also clear”, and Undo brings them back', async ({ page }) => {
  const instruction = await createGuidebook(page, { nameInstruction: 'Harbour Loft', whatsapp: '+385 91 555 0101', taxiLink: 'https://taxi.example.com' });

  await page.goto('/dashboard/settings');
  const section = (name: string) => page.getByRole('region', { name });
  await section('Contact info').getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
  await section('Redirection links').getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
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
  expect(await readGuidebook(page, instruction._id)).toMatchObject({ whatsapp: '', taxiLink: '' });

  await page.screenshot({ path: `test-results/autofill-applied-${test.info().project.name}.png`, fullPage: false });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.revisions.applyUndone(1) })).toBeVisible();
  expect(await readGuidebook(page, instruction._id)).toMatchObject({ whatsapp: 'https://wa.me/385915550101', taxiLink: 'https://taxi.example.com' });
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

test('default places: added on Auto-Fill like the editor’s, applied to a guidebook without duplicating or removing its own, and given to new guidebooks', async ({ page }) => {
  const existing = await createGuidebook(page, {
    nameInstruction: 'Harbour Loft',
    places: [
      { id: 1, name: 'bakery round the corner', category: 'eat', note: '<p>Our own note.</p>', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: false },
      { id: 2, name: 'Secret cove', category: 'beach', note: '', mapUrl: '', lat: null, lng: null, address: '', website: '', phone: '', imageUrl: '', pick: true },
    ],
  });

  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Recommendations' });
  const cards = section.getByRole('list', { name: 'Recommendations' }).locator(':scope > li');
  await expect(section).toContainText('No places yet.');
  await section.getByRole('button', { name: 'Bakery round the corner' }).click();
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue('Bakery round the corner');
  await expect(section.getByLabel('Name', { exact: true })).toBeFocused();
  await section.getByRole('button', { name: 'Add a place' }).click();
  await cards.nth(1).getByLabel('Name', { exact: true }).fill('Konzum supermarket');
  // The chip (a label around a visually hidden radio) is what a host taps.
  await cards.nth(1).locator('label').filter({ hasText: 'Shops' }).click();
  await expect(cards.nth(1).getByRole('radio', { name: 'Shops' })).toBeChecked();
  await cards.nth(1).getByLabel('Website').fill('konzum.example.com');
  // Reordered from the keyboard, as in the editor, and announced.
  await cards.nth(1).getByRole('button', { name: 'Reorder Place 2' }).press('ArrowUp');
  await expect(cards.nth(0).getByLabel('Name', { exact: true })).toHaveValue('Konzum supermarket');
  await expect(section.locator('[aria-live="polite"][aria-atomic="true"]')).toHaveText('Place 2 moved to position 1 of 2.');

  await section.getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
  await expect(section).toContainText('On save, all your existing guidebooks get the places they do not have yet.');
  await page.screenshot({ path: `test-results/autofill-places-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save defaults' }).click();

  const ask = page.getByRole('dialog', { name: 'Apply to existing guidebooks?' });
  await expect(ask.getByRole('list', { name: 'Changes per guidebook' })).toContainText('Harbour Loft');
  await ask.getByRole('button', { name: 'Apply to 1 guidebook' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Applied to 1 existing guidebook.' })).toBeVisible();

  // Its own two stay first and untouched; of the defaults only the one it lacked is added.
  const applied = await readGuidebook(page, existing._id);
  expect(applied.places.map((place) => [place.name, place.category, place.pick])).toEqual([
    ['bakery round the corner', 'eat', false],
    ['Secret cove', 'beach', true],
    ['Konzum supermarket', 'shop', false],
  ]);
  expect(applied.places[0]!.note).toBe('<p>Our own note.</p>');
  expect(applied.places[2]!.website).toBe('https://konzum.example.com');

  // A new guidebook starts with both, in the order the host chose.
  const fresh = await createGuidebook(page, { nameInstruction: 'Old Town Studio' });
  expect(fresh.places.map((place) => place.name)).toEqual(['Konzum supermarket', 'Bakery round the corner']);

  // The screen shows what was saved; a default place goes after "Confirm Deletion", and a save keeps that.
  await page.reload();
  await expect(cards).toHaveCount(2);
  await cards.nth(1).getByRole('button', { name: 'Delete Place 2' }).click();
  // What deleting a default does: the defaults change, no guidebook (there is no History here).
  const confirm = page.getByRole('alertdialog', { name: messages.editor.confirmDeletionTitle });
  await expect(confirm).toContainText('It leaves your Auto-Fill defaults when you save them. Guidebooks that already have it keep it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.settings.updated })).toBeVisible();
  const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { places: { name: string }[] };
  expect(settings.places.map((place) => place.name)).toEqual(['Konzum supermarket']);
});

test('default places: a bad one is named and its field takes the focus; nothing is saved', async ({ page }) => {
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Recommendations' });
  await section.getByRole('button', { name: 'Add a place' }).click();
  await section.getByLabel('Name', { exact: true }).fill('Bakery Mlinar');
  await section.getByLabel('Website').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(section.getByRole('alert')).toContainText('Place 1 (Bakery Mlinar)');
  await expect(section.getByLabel('Website')).toBeFocused();
  const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { places: unknown[] };
  expect(settings.places).toEqual([]);
});
