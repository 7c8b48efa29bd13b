import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCKBOX_MARKER } from '../src/lib/shared/schemas/instruction.ts';
import { createGuidebook, deleteAllGuidebooks, expect as baseExpect, expectSaved, readGuidebook, setPlan, test } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

// The editor's Languages view (docs/product.md §2 Editor "Languages", docs/decisions/021): a host adds
// German, translates fields by hand, drafts the rest by machine against the translation stand-in
// (LibreTranslate, playwright.config.ts), saves and finds them again, and the German guest page shows
// only the drafts accepted; a changed main text marks its translation "May be out of date". Desktop
// (1280 px); the first test on the phone (375 px) too, where it checks for sideways scroll.

const expect = baseExpect.configure({ timeout: 15_000 });

const STEP = `<p>The key is in the box by the door: ${LOCKBOX_MARKER}</p>`;

async function openLanguages(page: Page, id: string) {
  await page.goto(`/dashboard/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Check-in steps', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Languages' }).click();
  await expect(page.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
}

function chip(page: Page, language: string) {
  return page.getByRole('list', { name: 'Translations' }).getByRole('button', { name: new RegExp(`^${language}`) });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main, #root').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('translations in the editor', () => {
  test.beforeEach(async ({ page, host }) => {
    test.slow();
    setPlan(host.email, 'gold');
    await deleteAllGuidebooks(page);
  });

  test('a host adds German, translates by hand, drafts the rest by machine; guests read a draft only once accepted', { tag: '@mobile' }, async ({ page }, testInfo) => {
    const guidebook = await createGuidebook(page, {
      nameInstruction: 'Harbour flat',
      hostName: 'Marta',
      address: 'Ulica Petra Kružića 5',
      code: 'LOCKBOX-7731',
      boxes: [{ id: 1, title: 'The house', paragraph: STEP, imageUrl: '' }],
      textGreating: '<p>Welcome to the house!</p>',
      checkoutSteps: ['Close the door'],
      places: [{ id: 5, name: 'Konoba Fetivi', category: 'eat', note: '<p>Fresh fish</p>', address: 'Obala 3' }],
    });
    await openLanguages(page, guidebook._id);
    await expect(page.getByLabel('Guidebook language')).toHaveValue('en');
    await page.getByLabel('Add a language').selectOption({ label: 'German' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chip(page, 'German')).toHaveAttribute('aria-pressed', 'true');
    // A place's name left as it is is not "left": a proper name, which no machine drafts.
    await expect(chip(page, 'German')).toHaveText('German6 left');
    await expect(page.getByText('Not translated — guests see the main text')).toHaveCount(7);
    // The host's name and the addresses are not translated at all.
    for (const label of ['Host name in German', 'Address in German', 'Place 1 address in German']) await expect(page.getByLabel(label)).toHaveCount(0);
    // The main text beside each translation, the lock-box marker as its chip.
    await expect(page.locator('[data-field="boxes.1.paragraph"] .rt-marker')).toHaveText('Lock-box code');

    await page.getByLabel('Name in German', { exact: true }).fill('Hafenwohnung');
    await expect(chip(page, 'German')).toContainText('5 left');
    await page.getByLabel('Check-out step 1 in German').fill('Tür schließen');
    await expect(chip(page, 'German')).toContainText('4 left');
    // By hand, a place's name may still be written another way.
    await page.getByLabel('Place 1 name in German').fill('Konoba Fetivi (Gasthaus)');
    await expect(chip(page, 'German')).toContainText('4 left');
    await expect(page.getByText('Not translated — guests see the main text')).toHaveCount(4);

    await page.getByRole('button', { name: 'Draft with machine translation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'drafted by machine' })).toContainText('4 drafted by machine');
    // Nothing is left, but four drafts wait for the host: not "Done".
    await expect(chip(page, 'German')).toHaveText('German4 to review');
    await expect(page.getByText('4 machine drafts to review: guests read the main text until you accept them.')).toBeVisible();
    await expect(page.getByText('Machine draft', { exact: true })).toHaveCount(4);
    // The marker came back as a marker: a chip in the German step text.
    await expect(page.getByRole('textbox', { name: 'Check-in step 1 text in German' }).locator('.rt-marker')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Check-in step 1 text in German' })).toContainText('Schlüssel');
    await page.getByRole('button', { name: 'Accept: Welcome message' }).click();
    await expect(page.getByText('Machine draft', { exact: true })).toHaveCount(3);
    await expect(chip(page, 'German')).toHaveText('German3 to review');

    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await sidewaysOverflow(page);
    expect(overflow.beyondRightEdge).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('languages-light.png'), fullPage: true });
    await useColorScheme(page, 'dark');
    await chip(page, 'German').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('languages-review-dark.png') });
    await useColorScheme(page, 'light');

    await page.getByRole('button', { name: 'Save' }).click();
    await expectSaved(page);
    const saved = await readGuidebook(page, guidebook._id);
    const german = saved.translations.de!;
    expect(Object.keys(german).sort()).toEqual(['boxes.1.paragraph', 'boxes.1.title', 'checkoutSteps.0', 'nameInstruction', 'places.5.name', 'places.5.note', 'textGreating']);
    expect(german.nameInstruction).toMatchObject({ text: 'Hafenwohnung' });
    expect(german.nameInstruction!.machine).toBeFalsy();
    expect(german.textGreating!.machine).toBeFalsy();
    expect(german['places.5.name']).toMatchObject({ text: 'Konoba Fetivi (Gasthaus)' });
    expect(german['boxes.1.title']!.machine).toBe(true);
    expect(german['boxes.1.paragraph']!.text).toContain(LOCKBOX_MARKER);
    expect(JSON.stringify(saved.translations)).not.toContain('LOCKBOX-7731');

    // The German guest page: the host's words and the accepted draft in German, the drafts not accepted in English, marked so.
    const guest = await page.context().newPage();
    await guest.goto(`/instruction/${saved.token}/de`);
    await expect(guest.locator('h1')).toHaveText('Hafenwohnung');
    await expect(guest.locator('#welcome')).toContainText('Haus');
    await expect(guest.locator('h3[lang="en"]', { hasText: 'The house' })).toBeVisible();
    await expect(guest.getByText('Konoba Fetivi (Gasthaus)')).toBeVisible();
    await expect(guest.getByText('Marta', { exact: true }).first()).toBeVisible();
    await expect(guest.locator('.hero-address')).toHaveAttribute('lang', 'en');
    await expect(guest.getByText('Fresh fish')).toBeVisible();
    // The stand-in marks its drafts "[de] …": the one accepted (the welcome) is the only one a guest reads.
    expect((await guest.locator('body').innerText()).match(/\[de\]/g)).toHaveLength(1);
    await guest.screenshot({ path: testInfo.outputPath('guest-de-drafts.png'), fullPage: true });
    await guest.close();

    // Reloaded: kept. Then the main name changes and its German one may be out of date until kept.
    await openLanguages(page, guidebook._id);
    await chip(page, 'German').click();
    await expect(page.getByLabel('Name in German', { exact: true })).toHaveValue('Hafenwohnung');
    await expect(chip(page, 'German')).toHaveText('German3 to review');
    await page.getByRole('radio', { name: 'Edit' }).click();
    await page.getByLabel('Guidebook name').fill('Harbour flat by the sea');
    await page.getByRole('radio', { name: 'Languages' }).click();
    await chip(page, 'German').click();
    await expect(chip(page, 'German')).toHaveText('German1 left · 3 to review');
    const name = page.locator('[data-field="nameInstruction"]');
    await expect(name.getByText('May be out of date')).toBeVisible();
    await name.getByRole('button', { name: 'Keep as is: Name' }).click();
    await expect(name.getByText('May be out of date')).toHaveCount(0);
    for (const field of ['Check-in step 1 title', 'Check-in step 1 text', 'Place 1 note']) await page.getByRole('button', { name: `Accept: ${field}` }).click();
    await expect(chip(page, 'German')).toHaveText('GermanDone');
    await expect(page.getByText('Every field is translated.')).toBeVisible();
  });

  test('the Languages view in dark mode: no machine draft when the server has none, a lost marker refused, a language removed', async ({ page }, testInfo) => {
    await useColorScheme(page, 'dark');
    // As a server without TRANSLATE_URL answers: no flag.
    await page.route('**/api/users/me', async (route) => {
      const response = await route.fetch();
      const { machineTranslation: _flag, ...me } = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: me });
    });
    const guidebook = await createGuidebook(page, {
      nameInstruction: 'Harbour flat',
      boxes: [{ id: 1, title: 'The house', paragraph: STEP, imageUrl: '' }],
      translations: {},
    });
    await openLanguages(page, guidebook._id);
    await page.getByLabel('Add a language').selectOption({ label: 'French' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const before = Number(/(\d+) left/.exec((await chip(page, 'French').textContent()) ?? '')?.[1]);
    await page.getByLabel('Check-in step 1 title in French').fill('La maison');
    await expect(chip(page, 'French')).toContainText(`${before - 1} left`);
    await expect(page.getByRole('button', { name: 'Draft with machine translation' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('languages-dark.png'), fullPage: true });

    // A current translation must keep the main text's markers: the save is refused, the host stays
    // here and the message leads to the field.
    const step = page.getByRole('textbox', { name: 'Check-in step 1 text in French' });
    await step.click();
    await page.keyboard.type('La clé est dans la boîte.');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'French: the translation of "Check-in step 1 text"' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Languages', exact: true })).toBeVisible();
    await alert.getByRole('button', { name: /Check-in step 1 text/ }).click();
    await expect(step).toBeFocused();

    // Removing asks first; the language goes from the bar.
    await page.getByRole('button', { name: 'Remove French' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('list', { name: 'Translations' })).toHaveCount(0);
  });
});
