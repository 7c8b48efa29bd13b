import { expect, test } from './support/fixtures.ts';

// The guest "Guidebook not found" page. Its 404 badge is a small pill centred
// above the heading, at every width (it was stretched into a full-width bar).

for (const width of [320, 375, 1280]) {
  test(`the not-found badge is a pill, not a bar, at ${width} px`, { tag: '@mobile' }, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    const response = await page.goto('/instruction/no-such-guidebook-token-0000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Guidebook not found', level: 1 })).toBeVisible();

    const badge = await page.getByText('404', { exact: true }).boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    if (!badge || !heading) throw new Error('badge or heading not laid out');
    // Three digits with some padding, and centred over the heading.
    expect(badge.width).toBeLessThan(5 * badge.height);
    expect(Math.abs(badge.x + badge.width / 2 - (heading.x + heading.width / 2))).toBeLessThan(2);
    expect(badge.y + badge.height).toBeLessThanOrEqual(heading.y);
  });
}
