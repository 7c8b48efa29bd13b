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
 * docs/product.md §22: a guest's phone opens the guidebook and reads two sections; the page's
 * beacon reaches the server through the page's own CSP, and the host's insights count them.
 * Runs at 375 and 1280 px (the two projects).
 */
test('a guest opens the guidebook and reads two sections; the host’s insights count them', async ({ page, host, baseURL, browser }) => {
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
  const note = phone.getByText('No cookies, nothing about you: your host only sees how often this guidebook is opened and which parts are read.');
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeVisible();
  await phone.screenshot({ path: `test-results/insights-guest-foot-${test.info().project.name}.png`, scale: 'css' });
  expect(await seriousA11yViolations(phone)).toEqual([]);
  await guest.close();
});
