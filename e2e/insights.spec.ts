import { seriousA11yViolations } from './support/fixtures.ts';
import { createVerifiedAccount, expect, logIn, test as base, type Account } from './fixtures/session.ts';

/** Each test's own host. */
const test = base.extend<{ host: Account }>({
  host: async ({ page, baseURL }, use, info) => {
    const account = await createVerifiedAccount(`insights-${info.workerIndex}-${info.testId.slice(0, 8)}`);
    await logIn(page, account, baseURL);
    await use(account);
  },
});

interface Insights {
  total: number;
  sections: { section: string; reads: number }[];
}

/**
 * docs/product/insights.md: a guest's phone opens the guidebook and reads two sections; the page's
 * beacon reaches the server through the page's own CSP, and the host's insights count them.
 * Runs at 375 and 1280 px (the two projects).
 */
test('a guest opens the guidebook and reads two sections; the host’s insights count them', { tag: '@mobile' }, async ({ page, host, baseURL, browser }) => {
  // A guest's visit, a stay's, then the host's two screens: more than one page's worth of steps.
  test.slow();
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/instruction', {
    headers: { origin },
    data: { nameInstruction: 'Harbour Loft', boxes: [{ id: 1, title: 'The gate', paragraph: '<p>Ring the bell marked 4.</p>', imageUrl: '' }] },
  });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } };
  const insights = async () => (await (await page.request.get(`/api/instruction/${instruction._id}/insights`)).json()) as Insights;
  const reads = (data: Insights, section: string) => data.sections.find((row) => row.section === section)?.reads ?? 0;

  // The guest: another browser, no session.
  const guest = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const phone = await guest.newPage();
  const csp: string[] = [];
  phone.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  await phone.goto(`${origin}/instruction/${instruction.token}`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Harbour Loft');
  // A tile tapped counts at once; a section kept in view for 2 s counts too.
  await phone.getByRole('link', { name: 'House Rules' }).click();
  await phone.locator('#check-in').scrollIntoViewIfNeeded();
  await phone.evaluate(() => document.getElementById('check-in')!.scrollIntoView({ block: 'center' }));
  await expect.poll(async () => reads(await insights(), 'checkin'), { timeout: 10_000 }).toBe(1);
  expect(reads(await insights(), 'rules')).toBe(1);
  expect(reads(await insights(), 'wifi')).toBe(0);
  expect((await insights()).total).toBe(1);
  expect(csp).toEqual([]);
  // The page says what is counted, and that nothing else is.
  const note = phone.getByText('No cookies, nothing about you: your host only sees how often this guidebook is opened, which parts are read, and the questions asked here, without who asked.');
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeVisible();
  await phone.screenshot({ path: `test-results/insights-guest-foot-${test.info().project.name}.png`, scale: 'css' });
  expect(await seriousA11yViolations(phone)).toEqual([]);

  // A stay whose guest opened the link and read the check-in steps, and one not opened yet.
  const stays = `/api/instruction/${instruction._id}/stays`;
  const opened = (await (await page.request.post(stays, { headers: { origin }, data: { guestName: 'Dana', checkIn: '2030-07-04T16:00', checkOut: '2030-07-08T09:30' } })).json()) as { stay: { url: string } };
  expect((await page.request.post(stays, { headers: { origin }, data: { guestName: 'Ivo', checkIn: '2030-07-10T16:00', checkOut: '2030-07-12T09:30' } })).status()).toBe(201);
  await phone.goto(opened.stay.url);
  await phone.evaluate(() => document.getElementById('check-in')!.scrollIntoView({ block: 'center' }));
  await expect.poll(async () => reads(await insights(), 'checkin'), { timeout: 10_000 }).toBe(2);
  // Dana answers at the end of her page.
  const question = phone.getByRole('region', { name: 'Was this guidebook helpful?' });
  await question.scrollIntoViewIfNeeded();
  await question.getByRole('button', { name: 'No', exact: true }).click();
  await question.getByLabel('Anything to tell your host? (optional)').fill('The gate bell is hard to find at night.');
  await question.getByRole('button', { name: 'Send' }).click();
  await expect(question.getByRole('status').filter({ hasText: 'Thanks for your feedback' })).toBeVisible();
  await guest.close();

  // The host: the guidebook's options panel leads to its insights.
  const mobile = test.info().project.name === 'mobile';
  if (mobile) await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/dashboard');
  await page.getByRole('article', { name: 'Harbour Loft' }).getByRole('button', { name: /More/ }).click();
  await page.getByRole('dialog', { name: 'Options' }).getByRole('link', { name: /^Insights/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/insights/${instruction._id}$`));
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  const opens = page.getByRole('region', { name: 'Opens' });
  await expect(opens).toContainText('2 in the last 30 days');
  await expect(opens.getByRole('img')).toHaveAccessibleName(/^2 opens from .+; most on .+ \(2\)\.$/);
  const sections = page.getByRole('region', { name: 'What guests read' });
  await expect(sections.getByRole('listitem').first()).toContainText('Check-in steps2');
  // Every section nobody read is marked, the ones read are not; a section the guidebook does not
  // have (it has no Wi-Fi, no door code) is not listed at all.
  await expect(sections.getByRole('listitem').filter({ hasText: 'Contacted you' })).toContainText('Least read');
  await expect(sections.getByRole('listitem').filter({ hasText: /Wi-Fi|Door code/ })).toHaveCount(0);
  await expect(sections.getByRole('listitem').filter({ hasText: 'House rules' })).not.toContainText('Least read');
  const staysList = page.getByRole('region', { name: 'Stays' });
  await expect(staysList.getByRole('listitem').filter({ hasText: 'Dana' })).toContainText(/Opened .+ · read check-in steps/);
  await expect(staysList.getByRole('listitem').filter({ hasText: 'Ivo' })).toContainText('Not opened yet');
  const answers = page.getByRole('region', { name: 'Guest feedback' });
  await expect(answers).toContainText('0 found it helpful · 1 did not');
  await expect(answers.getByRole('listitem')).toContainText(/Not helpful.*The gate bell is hard to find at night\..*Dana · English/);
  // The numbers as a table, for those who cannot see the chart.
  await opens.getByText('Show as a table').click();
  await expect(opens.getByRole('table')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: `test-results/insights-host-${test.info().project.name}.png`, fullPage: true });

  // An answer is kept until the host deletes it.
  await answers.getByRole('button', { name: /^Delete the answer of/ }).click();
  await page.getByRole('alertdialog', { name: 'Delete this answer?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(answers).toContainText('No answers in this period.');

  // The Stays view says the same on each stay's card.
  await page.goto(`/dashboard/stays/${instruction._id}`);
  await expect(page.getByTestId('stay').filter({ hasText: 'Dana' })).toContainText(/Opened .+ · read check-in steps/);
  await expect(page.getByTestId('stay').filter({ hasText: 'Ivo' })).toContainText('Not opened yet');
});

/**
 * docs/product/insights.md: "What guests read" lists the sections the guidebook's page has. A door code
 * shown in a check-in step (no access card when it is not gated) is listed, and counts as read
 * once the step has been in view; Wi-Fi, house rules, places and extras it does not have are not
 * listed. Light and dark, on desktop (1280 px).
 */
test('the insights list the sections the guidebook has: its door code in a step counts when seen', async ({ page, host, baseURL, browser }) => {
  expect(host.email).toBeTruthy();
  const origin = new URL(baseURL!).origin;
  const step = { id: 1, title: 'The key box', paragraph: '<p>Open it with <span data-marker="lockbox"></span>, left of the door.</p>', imageUrl: '' };
  const created = await page.request.post('/api/instruction', { headers: { origin }, data: { nameInstruction: 'Code Loft', code: '4711', boxes: [step], selectedHouseRules: [] } });
  expect(created.status()).toBe(201);
  const { instruction } = (await created.json()) as { instruction: { _id: string; token: string } };
  const listed = async () => ((await (await page.request.get(`/api/instruction/${instruction._id}/insights`)).json()) as Insights).sections;

  const guest = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const phone = await guest.newPage();
  await phone.goto(`${origin}/instruction/${instruction.token}`);
  await expect(phone.locator('#check-in .code-chip')).toHaveText('4711');
  await phone.evaluate(() => document.querySelector('#check-in .code-chip')!.scrollIntoView({ block: 'center' }));
  await expect.poll(async () => (await listed()).find((row) => row.section === 'access')?.reads ?? 0, { timeout: 10_000 }).toBe(1);
  await guest.close();
  expect((await listed()).map((row) => row.section).sort()).toEqual(['access', 'checkin', 'contact']);

  const project = test.info().project.name;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/dashboard/insights/${instruction._id}`);
    const sections = page.getByRole('region', { name: 'What guests read' });
    await expect(sections.getByRole('listitem')).toHaveCount(3);
    await expect(sections.getByRole('listitem').filter({ hasText: 'Door code' })).toContainText('1');
    await expect(sections.getByRole('listitem').filter({ hasText: 'Door code' })).not.toContainText('Least read');
    await expect(sections.getByRole('listitem').filter({ hasText: 'Contacted you' })).toContainText('Least read');
    for (const absent of ['Wi-Fi', 'House rules', 'Recommendations', 'Extras']) await expect(sections.getByText(absent)).toHaveCount(0);
    await sections.scrollIntoViewIfNeeded();
    await sections.screenshot({ path: `test-results/insights-sections-${scheme}-${project}.png`, scale: 'css' });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
});
