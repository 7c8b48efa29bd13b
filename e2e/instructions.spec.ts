import type { Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import type { Settings } from '../src/lib/shared/schemas/settings.ts';
import { appOrigin, createGuidebook, database, deleteAllGuidebooks, expect as baseExpect, listGuidebooks, resetSettings, setPlan, test } from './fixtures/session.ts';
import { seriousA11yViolations } from './support/fixtures.ts';

// The guidebook list ("Your Guidebooks") and Auto-Fill: who may edit what, the plan rules and the toasts.
// Every worker has one account (fixtures/session.ts); each test starts it from no guidebooks on Free.

const text = messages.instruction;

// Each test makes many round trips (reset, API set-up, UI, API checks); give a busy machine room.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

function markPaid(id: string) {
  database((db) => db.prepare('UPDATE instructions SET is_free = 0 WHERE id = ?').run(id));
}

/** The worker's account back to Free with no guidebooks and default settings. */
async function reset(page: Page, email: string) {
  setPlan(email, 'free');
  await resetSettings(page);
  await deleteAllGuidebooks(page);
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: /notifications/i }).getByText(message);
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

async function openOptions(page: Page, name: string) {
  await card(page, name).getByRole('button', { name: /More/ }).click();
  const panel = page.getByRole('dialog', { name: 'Options' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(name);
  return panel;
}

test.beforeEach(async ({ page, host }) => {
  await reset(page, host.email);
});

test('New Guidebook creates a guidebook from the empty list and opens the editor', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Guidebooks', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No guidebooks yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Auto-Fill' }).last()).toHaveAttribute('href', '/dashboard/settings');
  await expect(page.getByText('0 of 3 free guidebooks used')).toBeVisible();

  await page.getByRole('button', { name: 'New Guidebook' }).click();
  await expect(toast(page, text.created)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/edit\/[\w-]+$/);
  const id = decodeURIComponent(page.url().split('/').pop() ?? '');
  const [created] = await listGuidebooks(page);
  expect(created?._id).toBe(id);

  await page.goto('/dashboard');
  const item = card(page, created!.nameInstruction);
  await expect(item).toBeVisible();
  await expect(item.getByText('Free', { exact: true })).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', '/images/guidebook-fallback.svg');
  await expect(item.getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/dashboard/edit/${id}`);
  await expect(page.getByText('1 of 3 free guidebooks used')).toBeVisible();
});

test('cards show name, address and code; the table view is remembered', async ({ page }) => {
  await createGuidebook(page, { nameInstruction: 'Seaside Loft', address: 'Riva 1, Split', code: '4821' });
  await page.goto('/dashboard');
  const item = card(page, 'Seaside Loft');
  await expect(item).toContainText('Riva 1, Split');
  await expect(item).toContainText('4821');

  await page.getByRole('radio', { name: 'Table' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Image', 'Name', 'Code', 'Address', 'Edit']);
  await expect(table.getByRole('row', { name: /Seaside Loft/ })).toContainText('4821');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('table')).toBeVisible();

  // The table's More opens the same panel.
  await page.getByRole('button', { name: 'More options for Seaside Loft' }).click();
  await expect(page.getByRole('dialog', { name: 'Options' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Cards' }).click();
  await expect(card(page, 'Seaside Loft')).toBeVisible();
});

test('the table view shows every value and action on screen: stacked rows on a phone, columns on a wide screen', { tag: '@mobile' }, async ({ page }) => {
  const address = 'Obala kneza Branimira 14, 21000 Split, Splitsko-dalmatinska županija, Croatia';
  await createGuidebook(page, { nameInstruction: 'Sea View Apartment with a Long Name by the Harbour', address, code: '482193' });
  await createGuidebook(page, { nameInstruction: 'Garden Studio' });
  await page.goto('/dashboard');
  await page.getByRole('radio', { name: 'Table' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Image', 'Name', 'Code', 'Address', 'Edit']);
  const row = table.getByRole('row', { name: /Sea View Apartment/ });
  const viewport = page.viewportSize()!;
  await page.screenshot({ path: `test-results/dashboard-table-${test.info().project.name}.png`, fullPage: true, scale: 'css' });
  const targets = [
    row.getByText('482193'),
    row.getByText(address),
    row.getByRole('link', { name: /Edit/ }),
    row.getByRole('button', { name: /More options/ }),
  ];
  for (const target of targets) {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport({ ratio: 1 });
    const box = (await target.boundingBox())!;
    expect(box.x + box.width, (await target.textContent()) ?? '').toBeLessThanOrEqual(viewport.width);
  }
  const stacked = viewport.width < 768;
  // Phone: each value carries its label; wide: the column headers are seen and no label repeats them.
  await expect(row.getByText('Code', { exact: true })).toBeVisible({ visible: stacked });
  await expect(row.getByText('Address', { exact: true })).toBeVisible({ visible: stacked });
  // Stacked, the headers are left to screen readers (visually hidden, 1 px).
  const headers = (await table.getByRole('rowgroup').first().boundingBox())!;
  expect(headers.width > 1).toBe(!stacked);

  await row.getByRole('button', { name: /More options/ }).click();
  await expect(page.getByRole('dialog', { name: 'Options' })).toContainText('Sea View Apartment');
});

test('the options panel opens, toggles and closes on Escape and outside clicks', async ({ page }) => {
  await createGuidebook(page, { nameInstruction: 'Harbour Flat' });
  await page.goto('/dashboard');
  const more = card(page, 'Harbour Flat').getByRole('button', { name: /More/ });

  let panel = await openOptions(page, 'Harbour Flat');
  // Focus is inside the panel and stays there.
  await expect(panel.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(more).toBeFocused();

  panel = await openOptions(page, 'Harbour Flat');
  await page.mouse.click(5, 300);
  await expect(panel).toBeHidden();

  await more.click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close options' }).click();
  await expect(panel).toBeHidden();
});

test('duplicate, change code, regenerate link, copy link, preview and delete', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const original = await createGuidebook(page, { nameInstruction: 'Garden House', code: '1111' });
  await page.goto('/dashboard');

  // Duplicate
  let panel = await openOptions(page, 'Garden House');
  await panel.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page, text.duplicated)).toBeVisible();
  await expect(panel).toBeHidden();
  // The copy is named after the original, so the host can tell it apart; both cards match "Garden House".
  await expect(page.getByRole('article', { name: 'Copy of Garden House', exact: true })).toBeVisible();
  await expect(card(page, 'Garden House')).toHaveCount(2);
  expect((await listGuidebooks(page)).map((item) => item.nameInstruction).sort()).toEqual(['Copy of Garden House', 'Garden House']);

  // Change Code (the original is the older one: last in the newest-first list)
  const originalCard = page.getByRole('article', { name: 'Garden House' }).last();
  await originalCard.getByRole('button', { name: /More/ }).click();
  panel = page.getByRole('dialog', { name: 'Options' });
  const panelCode = panel.getByTestId('panel-code');
  await expect(panelCode).toHaveText('Code: 1111');
  await panel.getByRole('button', { name: 'Change Code' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Change Code' });
  await expect(codeDialog.getByLabel('New code')).toHaveValue('1111');
  await codeDialog.getByLabel('New code').fill('9090');
  await codeDialog.getByRole('button', { name: 'Save code' }).click();
  await expect(toast(page, text.codeChanged)).toBeVisible();
  await expect(codeDialog).toBeHidden();
  await expect(panelCode).toHaveText('Code: 9090');
  expect((await listGuidebooks(page)).find((item) => item._id === original._id)?.code).toBe('9090');

  // An empty code is allowed (docs/product.md §5).
  await panel.getByRole('button', { name: 'Change Code' }).click();
  await codeDialog.getByLabel('New code').fill('');
  await codeDialog.getByRole('button', { name: 'Save code' }).click();
  await expect(codeDialog).toBeHidden();
  await expect(panelCode).toHaveText('No code');

  // Regenerate link: confirm first; the old link stops answering.
  const oldToken = original.token;
  await expect(panel.getByTestId('guest-link')).toHaveText(`${appOrigin()}/instruction/${oldToken}`);
  await panel.getByRole('button', { name: 'Regenerate link' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate link?' });
  await expect(confirm).toContainText('The old link and any printed QR posters stop working at once');
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(toast(page, text.linkUpdated)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(panel.getByTestId('guest-link')).not.toHaveText(new RegExp(oldToken));
  const newToken = (await listGuidebooks(page)).find((item) => item._id === original._id)!.token;
  expect(newToken).not.toBe(oldToken);
  await expect(panel.getByTestId('guest-link')).toHaveText(`${appOrigin()}/instruction/${newToken}`);
  expect((await page.request.get(`${appOrigin()}/api/instruction/preview/${oldToken}`)).status()).toBe(404);
  expect((await page.request.get(`${appOrigin()}/api/instruction/preview/${newToken}`)).status()).toBe(200);

  // Preview opens the guest page in a new tab.
  const preview = panel.getByRole('link', { name: /Preview/ });
  await expect(preview).toHaveAttribute('href', `/instruction/${newToken}`);
  await expect(preview).toHaveAttribute('target', '_blank');
  await expect(preview).toHaveAttribute('rel', /noopener/);

  // Copy link
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, text.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appOrigin()}/instruction/${newToken}`);

  // Delete: Cancel keeps it, Delete removes it.
  await panel.getByRole('button', { name: 'Delete' }).click();
  // The question names the guidebook and says what stops working and where it goes.
  const deletion = page.getByRole('alertdialog', { name: 'Delete “Garden House”?' });
  await expect(deletion).toContainText('Its guest link, printed QR posters and stay links stop working at once.');
  await expect(deletion).toContainText('It stays in the trash for 30 days, where you can restore it.');
  await deletion.screenshot({ path: `test-results/dashboard-delete-dialog-${test.info().project.name}.png`, scale: 'css' });
  await deletion.getByRole('button', { name: 'Cancel' }).click();
  await expect(deletion).toBeHidden();
  expect(await listGuidebooks(page)).toHaveLength(2);
  await panel.getByRole('button', { name: 'Delete' }).click();
  await deletion.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, text.deleted)).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(card(page, 'Garden House')).toHaveCount(1);
  await expect(card(page, 'Garden House')).toContainText('1111');
  const left = await listGuidebooks(page);
  expect(left.map((item) => item._id)).not.toContain(original._id);
});

test('deleting a guidebook with stays says how many stay links stop working, and so does Delete forever', async ({ page }) => {
  const name = `Stay flat ${test.info().project.name} ${Date.now()}`;
  const made = await createGuidebook(page, { nameInstruction: name, timeZone: 'UTC' });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [checkIn, checkOut] of [
    [day(-1), day(2)],
    [day(4), day(6)],
    [day(8), day(9)],
  ]) {
    const added = await page.request.post(`${appOrigin()}/api/instruction/${made._id}/stays`, { headers: { origin: appOrigin() }, data: { checkIn, checkOut } });
    expect(added.status()).toBe(201);
  }
  const project = test.info().project.name;
  await page.goto('/dashboard');
  const panel = await openOptions(page, name);
  await panel.getByRole('button', { name: 'Delete' }).click();
  const deletion = page.getByRole('alertdialog', { name: `Delete “${name}”?` });
  // The server's count, before anything happens.
  await expect(deletion).toContainText('1 guest is staying now and 2 stays are still to come: those 3 stay links stop working at once');
  await expect(deletion).toContainText('It stays in the trash for 30 days, where you can restore it.');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await deletion.screenshot({ path: `test-results/dashboard-delete-stays-${scheme}-${project}.png`, scale: 'css' });
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await deletion.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, text.deleted)).toBeVisible();

  await page.goto('/dashboard/trash');
  await page.getByRole('button', { name: `Delete forever ${name}` }).click();
  const purge = page.getByRole('alertdialog', { name: `Delete “${name}” forever?` });
  await expect(purge).toContainText('3 stays have not ended: they are deleted with it, and their links can never work again.');
  await purge.screenshot({ path: `test-results/dashboard-purge-stays-${project}.png`, scale: 'css' });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await purge.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByRole('button', { name: `Delete forever ${name}` })).toHaveCount(0);
  await page.emulateMedia({ colorScheme: 'light' });
});

test('a Free host with 3 guidebooks sees the out-of-free message and cannot create a 4th', async ({ page }) => {
  for (const name of ['One', 'Two', 'Three']) await createGuidebook(page, { nameInstruction: name });
  await page.goto('/dashboard');
  await expect(page.getByText('3 of 3 free guidebooks used')).toBeVisible();
  await expect(page.getByText(text.outOfFree)).toBeVisible();

  await page.getByRole('button', { name: 'New Guidebook' }).click();
  await expect(toast(page, text.outOfFree)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await listGuidebooks(page)).toHaveLength(3);
});

test('without a plan, guidebooks made on a paid plan are locked; paid plans show Unlimited', async ({ page, host }) => {
  const paid = await createGuidebook(page, { nameInstruction: 'Made on Gold' });
  await createGuidebook(page, { nameInstruction: 'Made on Free' });
  markPaid(paid._id);
  await page.goto('/dashboard');

  const locked = card(page, 'Made on Gold');
  await expect(locked.getByText('Free', { exact: true })).toHaveCount(0);
  await expect(locked.getByText('Premium', { exact: true })).toBeVisible();
  const edit = locked.getByRole('button', { name: /Edit/ });
  await expect(edit).toBeDisabled();
  await expect(edit).toHaveAccessibleDescription(/paid plan/);
  await edit.click({ force: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page, 'Made on Free').getByRole('link', { name: /Edit/ })).toBeVisible();

  const panel = await openOptions(page, 'Made on Gold');
  for (const name of ['Edit', 'Duplicate', 'Change Code', 'Regenerate link']) {
    const action = panel.getByRole('button', { name: new RegExp(name) });
    await expect(action).toBeDisabled();
    await expect(action).toContainText('Premium');
  }
  await panel.getByRole('button', { name: /Duplicate/ }).click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await listGuidebooks(page)).toHaveLength(2);
  // Copy, preview and delete stay available.
  await expect(panel.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await page.keyboard.press('Escape');

  setPlan(host.email, 'gold');
  await page.reload();
  await expect(card(page, 'Made on Gold').getByRole('link', { name: /Edit/ })).toBeVisible();
  await expect(page.getByText(/free guidebooks used/)).toHaveCount(0);
  await expect(page.getByText('Unlimited')).toBeVisible();
});

test('the Free badge follows the plan: gone from cards, table and panel after an upgrade', async ({ page, host }) => {
  await createGuidebook(page, { nameInstruction: 'Made before Gold' });
  await page.goto('/dashboard');
  await expect(card(page, 'Made before Gold').getByText('Free', { exact: true })).toBeVisible();

  setPlan(host.email, 'gold');
  await page.reload();
  const item = card(page, 'Made before Gold');
  await expect(item.getByRole('link', { name: /Edit/ })).toBeVisible();
  await expect(item.getByText('Free', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `test-results/dashboard-gold-cards-${test.info().project.name}.png`, scale: 'css' });
  const panel = await openOptions(page, 'Made before Gold');
  await expect(panel.getByText('Free guidebook')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Table' }).click();
  await expect(page.getByRole('table').getByText('Free', { exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Cards' }).click();

  // Back on Free, the guidebooks it may edit are marked again.
  setPlan(host.email, 'free');
  await page.reload();
  await expect(card(page, 'Made before Gold').getByText('Free', { exact: true })).toBeVisible();
});

test('failures: the list error in red, the create fallback toast', async ({ page }) => {
  await page.route('**/api/instruction', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The list is unavailable.' }) })
      : route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
  );
  await page.goto('/dashboard');
  const alert = page.getByRole('alert').filter({ hasText: 'The list is unavailable.' });
  await expect(alert).toBeVisible();
  await page.getByRole('button', { name: 'New Guidebook' }).click();
  await expect(toast(page, text.createFailed)).toBeVisible();

  await page.route('**/api/settings', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('alert').filter({ hasText: messages.settings.fetchFailed })).toBeVisible();
});

test('settings save with apply-to-existing updates the existing guidebooks', async ({ page }) => {
  const existing = await createGuidebook(page, { nameInstruction: 'Old Settings' });
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Auto-Fill', level: 1 })).toBeVisible();

  // One phone field, as in the editor; the welcome text is rich text, as in the editor.
  await page.getByLabel('Phone (with country code)').fill('+385 91 555 0101');
  await page.getByLabel('WhatsApp number').fill('+385 91 555 0101');
  await page.getByLabel('Facebook').fill('facebook.com/porchlight');
  const welcome = page.getByRole('textbox', { name: 'Welcome message' });
  await welcome.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Hello and welcome!');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The keys are in the box.');
  await page.getByRole('button', { name: 'Add No pets' }).click();
  await page.getByRole('button', { name: 'Move No pets up' }).click();
  await expect(page.getByRole('list', { name: 'Picked house rules' }).getByRole('listitem')).toHaveCount(6);

  const section = (name: string) => page.getByRole('region', { name });
  for (const name of ['Contact info', 'Welcome message', 'Socials', 'House rules']) {
    await section(name).getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
  }
  await expect(page.getByText(/Saving also updates the contact info, welcome message, socials, house rules/)).toBeVisible();
  await page.getByRole('button', { name: 'Save defaults' }).click();
  // Existing guidebooks change: the screen says how and asks first.
  const ask = page.getByRole('dialog', { name: 'Apply to existing guidebooks?' });
  await expect(ask.getByRole('list', { name: 'Changes per guidebook' })).toContainText('Old Settings');
  await ask.getByRole('button', { name: 'Apply to 1 guidebook' }).click();
  await expect(toast(page, messages.settings.updated)).toBeVisible();
  // The toggles are a one-time action: off again after the save.
  await expect(section('Contact info').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Facebook')).toHaveValue('https://facebook.com/porchlight');

  const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as Settings;
  expect(settings.phone).toBe('+385 91 555 0101');
  expect(settings.selectedHouseRules).toEqual([2, 1, 3, 4, 6, 5]);

  const updated = (await listGuidebooks(page)).find((item) => item._id === existing._id)!;
  expect(updated.phone).toBe('+385 91 555 0101');
  expect(updated.whatsapp).toBe('https://wa.me/385915550101');
  expect(updated.facebook).toBe('https://facebook.com/porchlight');
  expect(updated.textGreating).toBe('<p>Hello and welcome!</p><p>The keys are in the box.</p>');
  expect(updated.selectedHouseRules).toEqual([2, 1, 3, 4, 6, 5]);

  // A new guidebook starts from the saved settings too; the form shows them after a reload.
  const fresh = await createGuidebook(page);
  expect(fresh.phone).toBe('+385 91 555 0101');
  await page.reload();
  await expect(page.getByLabel('Phone (with country code)')).toHaveValue('+385 91 555 0101');
  await expect(page.getByRole('textbox', { name: 'Welcome message' }).locator('p')).toHaveText(['Hello and welcome!', 'The keys are in the box.']);
});

test('settings: a bad link is shown at its field and nothing is saved', async ({ page }) => {
  await page.goto('/dashboard/settings');
  const taxi = page.getByLabel('Taxi');
  await taxi.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await expect(taxi).toHaveAttribute('aria-invalid', 'true');
  await expect(taxi).toBeFocused();
  await expect(taxi).toHaveAccessibleDescription(/must be a link/);
  await expect(toast(page, messages.settings.updated)).toHaveCount(0);
  const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { taxiLink: string };
  expect(settings.taxiLink).toBe('');
});

for (const theme of ['dark', 'light'] as const) {
  test(`list, options panel and settings have no serious accessibility violations (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const paid = await createGuidebook(page, { nameInstruction: 'Locked One', address: 'Somewhere 1', code: '12' });
    markPaid(paid._id);
    await createGuidebook(page, { nameInstruction: 'Open One' });
    await page.goto('/dashboard');
    await expect(card(page, 'Open One')).toBeVisible();
    expect(await seriousA11yViolations(page), 'cards').toEqual([]);
    await openOptions(page, 'Locked One');
    expect(await seriousA11yViolations(page), 'options panel').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Table' }).click();
    expect(await seriousA11yViolations(page), 'table').toEqual([]);
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('button', { name: 'Save defaults' })).toBeVisible();
    expect(await seriousA11yViolations(page), 'settings').toEqual([]);
  });
}
