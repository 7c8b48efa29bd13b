import germanDemo from '../tests/fixtures/assistant/demo-translation-de.json' with { type: 'json' };
import { demoInstruction } from '../src/lib/server/demo/demo-content.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { appOrigin, createGuidebook, expect, scrollingDone, test } from './fixtures/session.ts';
import type { Page } from '@playwright/test';

/**
 * "Ask the guidebook", the box (docs/product/assistant.md, docs/decisions/031 §14): a German guest
 * on the demo guidebook (a host's copy with the German translation of the question set, saved as
 * accepted translations) asks in the box under the header. Nothing of the box loads before the
 * first touch; the answer's links go to the places on the page; a question the guidebook does not
 * answer reaches the host's message form in one tap. At 375 px (dark) and 1280 px (light).
 */

/** The demo's content as a host's guidebook, with its German translation. */
async function germanDemoGuidebook(page: Page): Promise<Instruction> {
  const made = await createGuidebook(page, { ...demoInstruction, secretsPolicy: 'always' });
  const sources = new Map<string, string>([
    ...made.boxes.flatMap((box) => [[`boxes.${box.id}.title`, box.title], [`boxes.${box.id}.paragraph`, box.paragraph]] as const),
    ...made.manualBoxes.map((box) => [`manualBoxes.${box.id}.paragraph`, box.paragraph] as const),
    ...made.places.flatMap((place) => [[`places.${place.id}.name`, place.name], [`places.${place.id}.note`, place.note]] as const),
    ['textGreating', made.textGreating],
    ['nameInstruction', made.nameInstruction],
  ]);
  const translations = { de: Object.fromEntries(Object.entries(germanDemo).map(([key, text]) => [key, { text, source: sourceHash(sources.get(key) ?? '') }])) };
  const saved = await page.request.put(`${appOrigin()}/api/instruction/${made._id}`, { headers: { origin: appOrigin() }, data: { ...made, translations } });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { instruction: Instruction }).instruction;
}

const shot = (name: string) => `test-results/ask-${name}-${test.info().project.name}.png`;

test('a German guest asks the guidebook, follows its answers, and hands a question to the host', { tag: '@mobile' }, async ({ page, host }) => {
  test.slow();
  expect(host.email).toBeTruthy();
  if (test.info().project.name === 'mobile') await page.emulateMedia({ colorScheme: 'dark' });
  const guidebook = await germanDemoGuidebook(page);
  const asks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/ask')) asks.push(request.headers()['accept-language'] ?? '');
  });
  // Guests get the page as it was until the publish is rendered again (docs/decisions/007).
  await expect.poll(async () => (await page.request.get(`/instruction/${guidebook.token}/de`)).text()).toContain('Häuschen am Meer');
  await page.goto(`/instruction/${guidebook.token}/de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Nothing of the box before the first touch: no module, no request.
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/_astro\/.*\.js$/.test(name)));
  const field = page.getByRole('searchbox', { name: 'Diese Gästemappe fragen' });
  await expect(field).toBeVisible();
  expect(await scripts()).toEqual([]);
  expect(asks).toEqual([]);

  // The Wi-Fi password: pointed to, never said; the link goes to the Wi-Fi section and focuses it.
  const answer = page.locator('.ask-answer');
  await field.click();
  await field.fill('Wie ist das WLAN-Passwort?');
  await field.press('Enter');
  await expect(answer).toContainText('Das WLAN-Passwort steht unter WLAN.');
  await expect(answer).not.toContainText('sunny-days-ahead');
  await expect(field).toBeFocused();
  expect(asks).toEqual(['de']);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.locator('.ask').screenshot({ path: shot('wifi') });
  await answer.getByRole('link', { name: 'WLAN' }).click();
  await scrollingDone(page);
  await expect(page.locator('#wifi')).toBeFocused();
  await expect(page.locator('#wifi')).toBeInViewport();
  await expect(page).toHaveURL(/#wifi$/);

  // A bakery: the place, with its link to the recommendation on the page.
  await field.fill('Gibt es eine Bäckerei?');
  await page.getByRole('button', { name: 'Fragen', exact: true }).click();
  await expect(answer).toContainText('Aus Bäckerei an der Ecke');
  await expect(answer).toContainText('Warmer Burek und frisches Brot');
  const place = answer.getByRole('link', { name: /Bäckerei an der Ecke/ });
  await expect(place).toHaveAttribute('href', '#pl-1735689600200');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.locator('.ask').screenshot({ path: shot('bakery') });
  await place.click();
  await scrollingDone(page);
  await expect(page.locator('#pl-1735689600200')).toBeFocused();
  await expect(page.locator('#pl-1735689600200')).toBeInViewport();
  await page.screenshot({ path: shot('bakery-place') });

  // Not in the guidebook: one tap on "Gastgeber fragen" opens the message form with the question.
  await field.fill('Gibt es einen Pool?');
  await field.press('Enter');
  await expect(answer).toContainText('Dazu hat Ihr Gastgeber noch nichts geschrieben.');
  await expect(answer.getByRole('link')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.locator('.ask').screenshot({ path: shot('not-written') });
  await answer.getByRole('button', { name: 'Gastgeber fragen' }).click();
  const form = page.getByRole('form', { name: 'Nachricht an Ana' });
  await expect(form.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Gibt es einen Pool?');
  await expect(form.getByRole('textbox', { name: 'Ihr Name' })).toBeFocused();
  await scrollingDone(page);
  await page.screenshot({ path: shot('hand-over') });
  // The question was taken: it is not in the tab's storage any more.
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect(asks).toEqual(['de', 'de', 'de']);
});

test('the box says so when the question cannot be sent, in the page’s words', async ({ page, context }) => {
  await page.goto('/instruction');
  const field = page.getByRole('searchbox', { name: 'Ask this guidebook' });
  await field.click();
  // Hydrated (the island's module loaded) before the connection goes.
  await expect(page.locator('astro-island', { has: field })).not.toHaveAttribute('ssr');
  await context.setOffline(true);
  await field.fill('Where is the key?');
  await field.press('Enter');
  await expect(page.locator('.ask-answer')).toHaveText("You're offline. The answer may already be on this page.");
  await context.setOffline(false);
});

test('a guest past the limit reads the 429 in the page’s words', async ({ page, host }) => {
  expect(host.email).toBeTruthy();
  const guidebook = await createGuidebook(page, { nameInstruction: 'Harbour Loft' });
  await page.goto(`/instruction/${guidebook.token}`);
  const field = page.getByRole('searchbox', { name: 'Ask this guidebook' });
  const answer = page.locator('.ask-answer');
  // 10 questions per 10 minutes per link and address (docs/product/assistant.md, "Limits").
  for (let n = 1; n <= 11; n += 1) {
    await field.fill(`Question ${n}?`);
    await Promise.all([page.waitForResponse((response) => response.url().endsWith('/ask')), field.press('Enter')]);
  }
  await expect(answer).toContainText('You have asked a lot of questions. Try again in');
  await expect(answer.locator('.field-error')).toBeVisible();
});
