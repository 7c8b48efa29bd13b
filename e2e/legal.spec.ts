import { expect, seriousA11yViolations, test } from './support/fixtures.ts';

// docs/product.md §2 "Legal pages": what each page must say, in substance.
const PAGES: Array<{ path: string; says: RegExp[] }> = [
  { path: '/privacy', says: [/only (the )?data (we )?need/i, /(never|not|neither) sold/i, /(access|correct|delete)/i] },
  { path: '/terms', says: [/as is/i] },
  { path: '/cookie', says: [/no third-party advertising cookies/i, /essential/i, /performance/i, /preference/i] },
  { path: '/gdpr', says: [/access/i, /correct/i, /delete/i, /contact/i] },
];

for (const { path, says } of PAGES) {
  test(`${path} is served with its heading and key statements`, { tag: '@mobile' }, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    for (const sentence of says) await expect(main).toContainText(sentence);
  });
}

test('a legal page has no serious or critical accessibility violations', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/privacy');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
