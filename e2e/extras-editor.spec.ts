import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { messages } from '../src/lib/shared/messages.ts';
import { appOrigin, createGuidebook, deleteAllGuidebooks, expect as baseExpect, expectSaved, readGuidebook, resetSettings, scrollingDone, setPlan, test, transitionsDone } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

// The editor's Extras section and Auto-Fill's default extras (docs/decisions/020-extras-and-the-money-flow.md):
// cards that work like the places, with a price typed in euros and the guest's view under each.
// Desktop (1280 px, mouse); the tests tagged @mobile run on the phone too (375 px, touch).

const expect = baseExpect.configure({ timeout: 15_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWO4Gc9BEmIY1RA/Gko3h2vSAADwxkAQKvfJTQAAAABJRU5ErkJggg==',
  'base64',
);

function cards(scope: Page | Locator): Locator {
  return scope.getByRole('list', { name: 'Extras', exact: true }).locator(':scope > li');
}

function titles(scope: Page | Locator): Promise<string[]> {
  return cards(scope)
    .getByLabel('Title', { exact: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

function preview(card: Locator): Locator {
  return card.getByRole('group', { name: 'Guest preview' });
}

function liveRegion(scope: Page | Locator): Locator {
  return scope.locator('[aria-live="polite"][aria-atomic="true"]');
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/dashboard/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Extras', exact: true })).toBeVisible({ timeout: 30_000 });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
}

async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  // A card just dropped fades back from half opacity (half a second): axe read its price then.
  await transitionsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Drags a handle up past the middle of the card above with the mouse (as places-editor.spec.ts does). */
async function dragHandleUpOnto(page: Page, handle: Locator, target: Locator, expected: { pickedUp: string; order: string[]; dropped: string }) {
  // Focusing the handle for the arrow keys scrolled it into view smoothly: while that scroll runs,
  // the instant one below does not hold, and the page moves on after the handle was measured (the
  // press then landed beside it, off screen, and no drag began).
  await scrollingDone(page);
  await handle.evaluate((node) => node.scrollIntoView({ block: 'end', behavior: 'instant' }));
  const from = (await handle.boundingBox())!;
  const onto = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const lifted = { x: start.x, y: start.y - 20 };
  // An extra's card is taller than the window: held near the top edge, the drag layer scrolls the
  // page until the middle of the card above comes under the pointer.
  const end = { x: start.x, y: Math.max(40, onto.y + onto.height / 2 - 24) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(lifted.x, lifted.y);
  await expect(liveRegion(page)).toHaveText(expected.pickedUp);
  for (let i = 1; i <= 8; i++) await page.mouse.move(start.x, lifted.y + ((end.y - lifted.y) * i) / 8);
  for (let i = 0; i < 80 && JSON.stringify(await titles(page)) !== JSON.stringify(expected.order); i++) {
    await page.waitForTimeout(50);
    await page.mouse.move(start.x, end.y - (i % 2));
  }
  await expect.poll(() => titles(page)).toEqual(expected.order);
  await page.mouse.up();
  await expect(liveRegion(page)).toHaveText(expected.dropped);
}

test.describe('editor', () => {
  test.beforeEach(async ({ page, host }) => {
    test.slow();
    setPlan(host.email, 'free');
    await deleteAllGuidebooks(page);
  });

  test.afterEach(({ host }) => setPlan(host.email, 'free'));

  test('extras: a late check-out from the example at 30, an item with a photo, reordered, saved and reopened', { tag: '@mobile' }, async ({ page }) => {
    test.setTimeout(180_000);
    const project = test.info().project.name;
    const { _id } = await createGuidebook(page, { nameInstruction: 'Extras Flat' });
    await openEditor(page, _id);
    const section = page.locator('#extras');
    await expect(section).toContainText("offered on your guests' stay links");
    // A Free host on a server with Stripe: requests now, card payments with an upgrade that leads to checkout.
    await expect(section.getByText(messages.payouts.freePlan)).toBeVisible();
    await expect(section.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/dashboard/upgradePlan');
    await expect(section.getByText(/No extras yet/)).toBeVisible();
    expect(await seriousViolations(page, '#extras')).toEqual([]);
    await section.screenshot({ path: `test-results/extras-editor-empty-${project}.png`, scale: 'css' });
    // The sidebar (from 1024 px) links to the section, after Recommendations.
    const sectionLinks = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    if (project === 'desktop') {
      const links = await sectionLinks.allTextContents();
      expect(links.indexOf('Extras')).toBe(links.indexOf('Recommendations') + 1);
      await sectionLinks.filter({ hasText: 'Extras' }).click();
      await expect(page.getByRole('heading', { name: 'Extras', exact: true })).toBeFocused();
    } else await expect(sectionLinks).toHaveCount(0);

    // The example: a late check-out until 13:00 for €25, confirmed by the host.
    await section.getByRole('button', { name: 'Late check-out' }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(liveRegion(page)).toHaveText('Extra 1 added.');
    const late = cards(page).nth(0);
    await expect(late.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(late.getByRole('radio', { name: 'Late check-out' })).toBeChecked();
    await expect(late.getByLabel('Latest check-out')).toHaveValue('13:00');
    await expect(late.getByRole('radio', { name: 'I confirm each one' })).toBeChecked();
    await expect(late.getByLabel('Price', { exact: true })).toHaveValue('25');
    await expect(late.getByLabel('Price', { exact: true })).toHaveAttribute('inputmode', 'decimal');
    await expect(preview(late)).toContainText('€25');
    await expect(preview(late)).toContainText('Check out as late as 13:00');
    await expect(preview(late)).toContainText('The host confirms first');
    await late.getByLabel('Price', { exact: true }).fill('30');
    // The price as guests will read it, under the field and described by it.
    await expect(late.getByLabel('Price', { exact: true })).toHaveAccessibleDescription('Guests see €30');
    await expect(preview(late)).toContainText('€30');

    // A second late check-out cannot be had: its chip is disabled and says why.
    await section.getByRole('button', { name: 'Add an extra' }).click();
    const item = cards(page).nth(1);
    await expect(item.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(item.getByRole('radio', { name: 'Something else' })).toBeChecked();
    await expect(item.getByRole('radio', { name: 'Late check-out' })).toBeDisabled();
    await expect(item.getByText('You already offer a late check-out.')).toBeVisible();
    await expect(item.getByRole('radio', { name: 'Early check-in' })).toBeEnabled();

    // The item: a comma as the decimal sign, too many decimals refused, a photo, two per stay, switched off.
    await item.getByLabel('Title', { exact: true }).fill('Breakfast basket');
    await expect(preview(item)).toContainText('Free, on request');
    await expect(item.getByLabel('Price', { exact: true })).toHaveAccessibleDescription('Free, on request');
    const price = item.getByLabel('Price', { exact: true });
    await price.fill('12.505');
    await expect(price).toHaveAccessibleDescription('A price in EUR has at most 2 decimals.');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await price.fill('12,50');
    await expect(price).toHaveAccessibleDescription('Guests see €12.50');
    await expect(preview(item)).toContainText('€12.50');
    await expect(preview(item)).toContainText('Confirmed at once');
    await item.getByLabel('Most per stay').fill('2');
    await expect(preview(item)).toContainText('Up to 2 per stay');
    await item.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('Bread, eggs and coffee.');
    await expect(item.getByText('23 / 1,000 characters')).toBeVisible();
    await item.getByLabel(/Upload image.*Photo of Extra 2/).setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: PNG });
    await expect(item.getByRole('img', { name: 'Photo of Extra 2' })).toHaveAttribute('src', /^\/media\//);
    await expect(preview(item).locator('img')).toHaveAttribute('src', /^\/media\//);
    await item.getByRole('switch', { name: 'Offered to guests' }).click();
    await expect(preview(item)).toContainText('Inactive: guests do not see it');

    // Keyboard: the arrow keys on the handle; then back by drag (desktop) or the move button (phone).
    await page.getByRole('button', { name: 'Reorder Extra 2' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => titles(page)).toEqual(['Breakfast basket', 'Late check-out']);
    await expect(liveRegion(page)).toHaveText('Extra 2 moved to position 1 of 2.');
    if (project === 'mobile') await page.getByRole('button', { name: 'Move Extra 2 up' }).click();
    else
      await dragHandleUpOnto(page, page.getByRole('button', { name: 'Reorder Extra 2' }), cards(page).first(), {
        pickedUp: 'Extra 2 picked up.',
        order: ['Late check-out', 'Breakfast basket'],
        dropped: 'Extra moved from position 2 to position 1.',
      });
    await expect.poll(() => titles(page)).toEqual(['Late check-out', 'Breakfast basket']);

    expect(await seriousViolations(page, '#extras')).toEqual([]);
    await section.screenshot({ path: `test-results/extras-editor-${project}.png`, scale: 'css' });
    const overflow = await sidewaysOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    expect(overflow.beyondRightEdge).toEqual([]);

    await save(page);
    const saved = (await readGuidebook(page, _id)).extras;
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({ kind: 'late-checkout', title: 'Late check-out', price: 3000, currency: 'eur', approval: 'host', active: true, lateCheckoutUntil: '13:00', earlyCheckinFrom: '' });
    expect(saved[1]).toMatchObject({
      kind: 'item',
      title: 'Breakfast basket',
      description: '<p>Bread, eggs and coffee.</p>',
      price: 1250,
      currency: 'eur',
      approval: 'instant',
      active: false,
      maxPerStay: 2,
      imageUrl: expect.stringMatching(/^\/media\//),
    });

    // Reopened (in the dark theme): the same order and values.
    await useColorScheme(page, 'dark');
    await openEditor(page, _id);
    await expect.poll(() => titles(page)).toEqual(['Late check-out', 'Breakfast basket']);
    await expect(cards(page).nth(0).getByLabel('Price', { exact: true })).toHaveValue('30');
    await expect(cards(page).nth(0).getByLabel('Latest check-out')).toHaveValue('13:00');
    await expect(cards(page).nth(1).getByLabel('Price', { exact: true })).toHaveValue('12.50');
    await expect(cards(page).nth(1).getByLabel('Most per stay')).toHaveValue('2');
    await expect(cards(page).nth(1).getByRole('switch', { name: 'Offered to guests' })).toHaveAttribute('aria-checked', 'false');
    await expect(cards(page).nth(1).getByRole('img', { name: 'Photo of Extra 2' })).toHaveAttribute('src', /^\/media\//);
    // What was loaded is not an unsaved change (the price's text and the stored cents agree).
    if (project === 'desktop') await expect(page.getByText('No unsaved changes')).toBeVisible();
    expect(await seriousViolations(page, '#extras')).toEqual([]);
    await page.locator('#extras').screenshot({ path: `test-results/extras-editor-dark-${project}.png`, scale: 'css' });

    // Delete after "Confirm Deletion".
    await page.getByRole('button', { name: 'Delete Extra 1' }).click();
    const dialog = page.getByRole('alertdialog', { name: messages.editor.confirmDeletionTitle });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => titles(page)).toEqual(['Breakfast basket']);
    await expect(liveRegion(page)).toHaveText('Extra 1 deleted.');
    // The late check-out is free to be chosen again.
    await expect(cards(page).nth(0).getByRole('radio', { name: 'Late check-out' })).toBeEnabled();
  });

  test('extras: a price under the smallest card payment is named and leads to its field; the server’s refusal names the extra and leads to its card', async ({ page }) => {
    const { _id } = await createGuidebook(page, {
      nameInstruction: 'Transfer Flat',
      extras: [{ id: 1, kind: 'item', title: 'Airport transfer', price: 4000, currency: 'eur', approval: 'host' }],
    });
    await openEditor(page, _id);
    const card = cards(page).first();
    const price = card.getByLabel('Price', { exact: true });
    await expect(price).toHaveValue('40');
    await price.fill('0.2');
    await expect(card.getByText('A price is free or at least €0.50 (the smallest card payment).')).toBeVisible();

    // Refused before sending, in the words the server would use; the message leads to the price.
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: messages.editor.invalid });
    await expect(alert).toBeFocused();
    const named = alert.getByRole('button', { name: 'Extra 1 (Airport transfer): a price is free or at least €0.50 (the smallest card payment).' });
    await named.click();
    await expect(price).toBeFocused();

    // Past the client: the server's 400 names the extra and nothing is saved.
    await price.fill('45');
    await page.route('**/api/instruction/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const body = route.request().postDataJSON() as { extras: Array<Record<string, unknown>> };
      return route.fallback({ postData: JSON.stringify({ ...body, extras: body.extras.map((extra) => ({ ...extra, price: 20 })) }) });
    });
    await page.getByRole('button', { name: 'Save' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Extra 1 (Airport transfer): a price is free or at least €0.50' });
    await expect(refused).toBeVisible();
    await expect(refused).toBeFocused();
    // The message leads to the card it names.
    await refused.getByRole('button', { name: /Extra 1 \(Airport transfer\)/ }).click();
    await expect(card.getByRole('heading', { name: /Extra 1/ })).toBeFocused();
    expect((await readGuidebook(page, _id)).extras[0]).toMatchObject({ price: 4000 });
  });

  test('extras: the 21st is refused with a note', async ({ page }) => {
    const extras = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, kind: 'item', title: `Extra number ${index + 1}`, price: 0, currency: 'eur' }));
    const { _id } = await createGuidebook(page, { nameInstruction: 'Full Extras Flat', extras });
    await openEditor(page, _id);
    await expect(cards(page)).toHaveCount(20);
    await expect(page.locator('#extras').getByRole('button', { name: 'Add an extra' })).toBeDisabled();
    await expect(page.locator('#extras').getByText('A guidebook holds at most 20 extras.')).toBeVisible();
  });
});

test.describe('Auto-Fill', () => {
  test.describe.configure({ timeout: 90_000 });

  // The worker's account is shared with other files, which expect it on Free and with empty
  // defaults (default extras would join every guidebook they create).
  test.beforeEach(async ({ page, host }) => {
    setPlan(host.email, 'gold');
    await resetSettings(page);
    await deleteAllGuidebooks(page);
  });

  test.afterEach(async ({ page, host }) => {
    setPlan(host.email, 'free');
    await resetSettings(page);
  });

  test('default extras: added on Auto-Fill, applied to a guidebook without a second late check-out, kept on save, given to new guidebooks', async ({ page }) => {
    const project = test.info().project.name;
    const existing = await createGuidebook(page, {
      nameInstruction: 'Harbour Loft',
      extras: [{ id: 1, kind: 'late-checkout', title: 'Stay till noon', price: 1500, currency: 'eur', lateCheckoutUntil: '12:00', approval: 'host' }],
    });

    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Extras', exact: true });
    await expect(section).toContainText('No extras yet.');
    await section.getByRole('button', { name: 'Breakfast basket' }).click();
    await expect(section.getByLabel('Title', { exact: true })).toHaveValue('Breakfast basket');
    await expect(section.getByLabel('Title', { exact: true })).toBeFocused();
    await section.getByRole('button', { name: 'Add an extra' }).click();
    const second = cards(section).nth(1);
    // The chip (a label around a visually hidden radio) is what a host taps; it names the card.
    await second.locator('label').filter({ hasText: 'Late check-out' }).click();
    await expect(second.getByRole('radio', { name: 'Late check-out' })).toBeChecked();
    await expect(second.getByLabel('Title', { exact: true })).toHaveValue('Late check-out');
    await expect(second.getByLabel('Latest check-out')).toHaveValue('13:00');
    await second.getByLabel('Price', { exact: true }).fill('20');
    await expect(cards(section).nth(0).getByRole('radio', { name: 'Late check-out' })).toBeDisabled();
    await second.getByRole('button', { name: 'Reorder Extra 2' }).press('ArrowUp');
    await expect.poll(() => titles(section)).toEqual(['Late check-out', 'Breakfast basket']);
    await expect(liveRegion(section)).toHaveText('Extra 2 moved to position 1 of 2.');

    await section.getByRole('switch', { name: 'Apply to existing guidebooks' }).click();
    await expect(section).toContainText('On save, all your existing guidebooks get the extras they do not have yet.');
    expect(await seriousViolations(page, 'form')).toEqual([]);
    await section.screenshot({ path: `test-results/extras-autofill-${project}.png`, scale: 'css' });
    await page.getByRole('button', { name: 'Save defaults' }).click();

    const ask = page.getByRole('dialog', { name: 'Apply to existing guidebooks?' });
    await expect(ask.getByRole('list', { name: 'Changes per guidebook' })).toContainText('Harbour Loft');
    await ask.getByRole('button', { name: 'Apply to 1 guidebook' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Applied to 1 existing guidebook.' })).toBeVisible();

    // Its own late check-out stays, alone of its kind; the basket it lacked is added after it.
    const applied = await readGuidebook(page, existing._id);
    expect(applied.extras.map((extra) => [extra.kind, extra.title, extra.price])).toEqual([
      ['late-checkout', 'Stay till noon', 1500],
      ['item', 'Breakfast basket', 1800],
    ]);

    // A new guidebook starts with both, in the order the host chose.
    const fresh = await createGuidebook(page, { nameInstruction: 'Old Town Studio' });
    expect(fresh.extras.map((extra) => [extra.title, extra.price])).toEqual([
      ['Late check-out', 2000],
      ['Breakfast basket', 1800],
    ]);

    // Saved and shown again: a save of other defaults keeps them.
    await page.reload();
    await expect(cards(page.getByRole('region', { name: 'Extras', exact: true }))).toHaveCount(2);
    await page.getByLabel('Parking').fill('garage.example.com');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: messages.settings.updated })).toBeVisible();
    const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { extras: { title: string }[] };
    expect(settings.extras.map((extra) => extra.title)).toEqual(['Late check-out', 'Breakfast basket']);
  });

  test('default extras: a bad one is named and its field takes the focus; nothing is saved', async ({ page }) => {
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Extras', exact: true });
    await section.getByRole('button', { name: 'Add an extra' }).click();
    await section.getByLabel('Title', { exact: true }).fill('Bike hire');
    await section.getByLabel('Price', { exact: true }).fill('0,2');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(section.getByRole('alert')).toContainText('Extra 1 (Bike hire): a price is free or at least €0.50');
    await expect(section.getByLabel('Price', { exact: true })).toBeFocused();
    const settings = (await (await page.request.get(`${appOrigin()}/api/settings`)).json()) as { extras: unknown[] };
    expect(settings.extras).toEqual([]);
  });
});
