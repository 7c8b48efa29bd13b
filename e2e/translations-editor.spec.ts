import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCKBOX_MARKER } from '../src/lib/shared/schemas/instruction.ts';
import { createGuidebook, deleteAllGuidebooks, expect as baseExpect, expectSaved, readGuidebook, setPlan, test } from './fixtures/session.ts';
import { sidewaysOverflow, useColorScheme } from './support/layout.ts';

// The editor's Languages view (docs/product.md §2 Editor "Languages", docs/decisions/021): a host adds
// German, translates two fields by hand, drafts the rest by machine against the translation stand-in
// (LibreTranslate, playwright.config.ts), saves and finds them again; a changed main text marks its
// translation "May be out of date". Runs in both projects: desktop (1280 px) and mobile (375 px).

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

  test('a host adds German, translates three fields, drafts the rest by machine, saves and keeps them', async ({ page }, testInfo) => {
    const guidebook = await createGuidebook(page, {
      nameInstruction: 'Harbour flat',
      hostName: 'Marta',
      code: 'LOCKBOX-7731',
      boxes: [{ id: 1, title: 'The house', paragraph: STEP, imageUrl: '' }],
      textGreating: '<p>Welcome to the house!</p>',
      checkoutSteps: ['Close the door'],
    });
    await openLanguages(page, guidebook._id);
    await expect(page.getByLabel('Guidebook language')).toHaveValue('en');
    await page.getByLabel('Add a language').selectOption({ label: 'German' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chip(page, 'German')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'German')).toContainText('6 left');
    await expect(page.getByText('Not translated — guests see the main text')).toHaveCount(6);
    // The main text beside each translation, the lock-box marker as its chip.
    await expect(page.locator('[data-field="boxes.1.paragraph"] .rt-marker')).toHaveText('Lock-box code');

    await page.getByLabel('Name in German', { exact: true }).fill('Hafenwohnung');
    await expect(chip(page, 'German')).toContainText('5 left');
    await page.getByLabel('Check-out step 1 in German').fill('Tür schließen');
    await expect(chip(page, 'German')).toContainText('4 left');
    await page.getByLabel('Host name in German').fill('Marta');
    await expect(chip(page, 'German')).toContainText('3 left');
    await expect(page.getByText('Not translated — guests see the main text')).toHaveCount(3);

    await page.getByRole('button', { name: 'Draft with machine translation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'drafted by machine' })).toContainText('3 drafted by machine');
    await expect(chip(page, 'German')).toContainText('Done');
    await expect(page.getByText('Machine draft', { exact: true })).toHaveCount(3);
    // The marker came back as a marker: a chip in the German step text.
    await expect(page.getByRole('textbox', { name: 'Check-in step 1 text in German' }).locator('.rt-marker')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Check-in step 1 text in German' })).toContainText('Schlüssel');
    await page.getByRole('button', { name: 'Accept: Welcome message' }).click();
    await expect(page.getByText('Machine draft', { exact: true })).toHaveCount(2);

    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await sidewaysOverflow(page);
    expect(overflow.beyondRightEdge).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('languages-light.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save' }).click();
    await expectSaved(page);
    const saved = await readGuidebook(page, guidebook._id);
    const german = saved.translations.de!;
    expect(Object.keys(german).sort()).toEqual(['boxes.1.paragraph', 'boxes.1.title', 'checkoutSteps.0', 'hostName', 'nameInstruction', 'textGreating']);
    expect(german.nameInstruction).toMatchObject({ text: 'Hafenwohnung' });
    expect(german.nameInstruction!.machine).toBeFalsy();
    expect(german.textGreating!.machine).toBeFalsy();
    expect(german.hostName).toMatchObject({ text: 'Marta' });
    expect(german.hostName!.machine).toBeFalsy();
    expect(german['boxes.1.title']!.machine).toBe(true);
    expect(german['boxes.1.paragraph']!.text).toContain(LOCKBOX_MARKER);
    expect(JSON.stringify(saved.translations)).not.toContain('LOCKBOX-7731');

    // Reloaded: kept. Then the main name changes and its German one may be out of date until kept.
    await openLanguages(page, guidebook._id);
    await chip(page, 'German').click();
    await expect(page.getByLabel('Name in German', { exact: true })).toHaveValue('Hafenwohnung');
    await expect(chip(page, 'German')).toContainText('Done');
    await page.getByRole('radio', { name: 'Edit' }).click();
    await page.getByLabel('Guidebook name').fill('Harbour flat by the sea');
    await page.getByRole('radio', { name: 'Languages' }).click();
    await chip(page, 'German').click();
    await expect(chip(page, 'German')).toContainText('1 left');
    const name = page.locator('[data-field="nameInstruction"]');
    await expect(name.getByText('May be out of date')).toBeVisible();
    await name.getByRole('button', { name: 'Keep as is: Name' }).click();
    await expect(name.getByText('May be out of date')).toHaveCount(0);
    await expect(chip(page, 'German')).toContainText('Done');
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
