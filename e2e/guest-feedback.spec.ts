import { sourceHash } from '../src/lib/shared/translations.ts';
import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, expect, logIn, test as base, type Account } from './fixtures/session.ts';

/** Each test's own host. */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`feedback-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    await logIn(page, account, baseURL);
    await use(account);
  },
});

interface Feedback {
  helpful: boolean;
  comment: string;
  language: string;
  stay: unknown;
}

/**
 * docs/product/insights.md "Feedback": at the end of the guest page a guest answers "Was this guidebook
 * helpful?" with No and a comment, sees the thanks, and a reload still thanks them instead of
 * asking again; the host's insights list the answer. Then the page in German. Runs at 375 and
 * 1280 px (the two projects).
 */
test('a guest answers No with a comment; the thanks stay on reload; the host’s insights list it', { tag: '@mobile' }, async ({ page, host, baseURL, browser }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Harbour Loft' } });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } & Record<string, unknown> };
  const translations = { de: { nameInstruction: { text: 'Hafen-Loft', source: sourceHash('Harbour Loft') } } };
  expect((await page.request.put(`/api/instruction/${instruction._id}`, { headers: { origin }, data: { ...instruction, translations } })).status()).toBe(200);
  const project = test.info().project.name;

  // The guest: another browser, no session.
  const guest = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const phone = await guest.newPage();
  await phone.goto(`${origin}/instruction/${instruction.token}/en`);
  const section = phone.getByRole('region', { name: 'Was this guidebook helpful?' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  const no = section.getByRole('button', { name: 'No', exact: true });
  await no.click();
  await expect(no).toHaveAttribute('aria-pressed', 'true');
  // The tap alone is the answer: recorded before any Send, and said so.
  await expect(section.getByRole('status').filter({ hasText: 'Thanks for your feedback. Your host will see it.' })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get(`/api/instruction/${instruction._id}/insights`)).json()) as { feedback: Feedback[] }).feedback).toEqual([expect.objectContaining({ helpful: false, comment: '' })]);
  const comment = section.getByLabel('Anything to tell your host? (optional)');
  await comment.fill('The shower was cold.');
  await expect(section.getByText('20 of 1000 characters')).toBeVisible();
  await section.getByRole('button', { name: 'Send' }).scrollIntoViewIfNeeded();
  await phone.screenshot({ path: `test-results/guest-feedback-form-${project}.png`, scale: 'css' });
  expect(await seriousA11yViolations(phone)).toEqual([]);

  await section.getByRole('button', { name: 'Send' }).click();
  const thanks = section.getByRole('status').filter({ hasText: 'Thanks for your feedback. Your host will see it.' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(section.getByRole('button', { name: 'No', exact: true })).toHaveCount(0);
  await expect(comment).toHaveCount(0);
  await phone.screenshot({ path: `test-results/guest-feedback-thanks-${project}.png`, scale: 'css' });
  expect(await seriousA11yViolations(phone)).toEqual([]);

  // A reload remembers this device answered: the thanks, not the question again.
  await phone.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('Thanks for your feedback.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Yes', exact: true })).toHaveCount(0);

  // The host's insights list it: the one answer the tap recorded, with the comment that followed.
  const insights = (await (await page.request.get(`/api/instruction/${instruction._id}/insights`)).json()) as { feedback: Feedback[] };
  expect(insights.feedback).toEqual([expect.objectContaining({ helpful: false, comment: 'The shower was cold.', language: 'en', stay: null })]);

  // The page in German, in a fresh browser: the question in its words.
  const german = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'de-DE' });
  const gast = await german.newPage();
  await gast.goto(`${origin}/instruction/${instruction.token}/de`);
  const frage = gast.getByRole('region', { name: 'War diese Gästemappe hilfreich?' });
  await frage.scrollIntoViewIfNeeded();
  await frage.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect(frage.getByLabel('Möchten Sie Ihrem Gastgeber etwas sagen? (optional)')).toBeVisible();
  await expect(frage.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Rückmeldung. Ihr Gastgeber bekommt sie zu sehen.' })).toBeVisible();
  await frage.getByRole('button', { name: 'Senden' }).scrollIntoViewIfNeeded();
  await gast.screenshot({ path: `test-results/guest-feedback-de-${project}.png`, scale: 'css' });
  expect(await seriousA11yViolations(gast)).toEqual([]);
  // This guest leaves without pressing Senden: the Ja is kept all the same.
  await german.close();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/instruction/${instruction._id}/insights`)).json()) as { feedback: Feedback[] }).feedback)
    .toEqual([expect.objectContaining({ helpful: true, comment: '', language: 'de' }), expect.objectContaining({ helpful: false, comment: 'The shower was cold.' })]);

  // In the dark, in German, on a phone set to dark: the question and the saved tap.
  const dark = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'de-DE', colorScheme: 'dark' });
  const nacht = await dark.newPage();
  await nacht.goto(`${origin}/instruction/${instruction.token}/de`);
  const dunkel = nacht.getByRole('region', { name: 'War diese Gästemappe hilfreich?' });
  await dunkel.scrollIntoViewIfNeeded();
  await dunkel.getByRole('button', { name: 'Nein', exact: true }).click();
  await expect(dunkel.getByRole('status').filter({ hasText: 'Vielen Dank' })).toBeVisible();
  await dunkel.getByRole('button', { name: 'Senden' }).scrollIntoViewIfNeeded();
  await nacht.screenshot({ path: `test-results/guest-feedback-de-dark-${project}.png`, scale: 'css' });
  expect(await seriousA11yViolations(nacht)).toEqual([]);
  await dark.close();
  await guest.close();
});

test('the editor’s preview and a page without JavaScript do not ask', { tag: '@mobile' }, async ({ page, host, baseURL, browser }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Quiet Loft' } });
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } };
  await page.goto(`/dashboard/preview/${instruction._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiet Loft');
  await expect(page.getByText('Was this guidebook helpful?')).toHaveCount(0);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const phone = await noScript.newPage();
  await phone.goto(`${origin}/instruction/${instruction.token}`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Quiet Loft');
  await expect(phone.getByRole('region', { name: 'Was this guidebook helpful?' })).toBeHidden();
  await noScript.close();
});
