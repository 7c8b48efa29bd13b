import { clickHeaderLink, expect, openHeaderMenuIfCollapsed, seriousA11yViolations, test } from './support/fixtures.ts';

// docs/product.md §2 "Landing page" and "Public header and footer".
const SECTIONS = ['#features-section', '#benefits-section', '#pricing-section', '#contact-section'];
const FOOTER_LINKS = ['/register', '/login', '/forgotPassword', '/dashboard/profile', '/privacy', '/terms', '/cookie', '/gdpr'];

test.describe('landing page', () => {
  test('has the four anchored sections', { tag: '@mobile' }, async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    for (const id of SECTIONS) await expect(page.locator(id)).toHaveCount(1);
  });

  test('header "Pricing" scrolls the pricing section into view', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#pricing-section')).not.toBeInViewport();
    await clickHeaderLink(page, 'Pricing');
    await expect(page.locator('#pricing-section')).toBeInViewport();
    await expect(page).toHaveURL(/#pricing-section$/);
  });

  test('loading /#contact-section lands on the contact section', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/#contact-section');
    await expect(page.locator('#contact-section')).toBeInViewport();
  });

  test('full header: section links and "Get Started" to /register', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    await openHeaderMenuIfCollapsed(page);
    const header = page.getByRole('banner');
    const hrefs = { Features: '#features-section', Benefits: '#benefits-section', Pricing: '#pricing-section', Contact: '#contact-section' };
    for (const [name, anchor] of Object.entries(hrefs)) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', new RegExp(`${anchor}$`));
    }
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  test('footer links point to the legal pages and contact, copyright of the current year', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of FOOTER_LINKS) expect(hrefs, `footer link to ${href}`).toContain(href);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Porchlight. All rights reserved.`);
  });

  test('no serious or critical accessibility violations', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('mobile screenshot (375 px)', { tag: '@mobile' }, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'taken once, by the mobile project');
    await page.goto('/');
    expect(page.viewportSize()?.width).toBe(375);
    // Nothing may stick out sideways at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/landing-mobile-375.png', fullPage: true, scale: 'css' });
  });
});

test.describe('header variants', () => {
  test('auth pages show only "Log In" and "Register"', { tag: '@mobile' }, async ({ page }) => {
    const response = await page.goto('/login');
    // Skipped where a build has no auth pages; runs wherever /login exists.
    test.fixme(response?.status() === 404, '/login does not exist in this build');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    for (const name of ['Features', 'Benefits', 'Pricing', 'Contact', 'Get Started']) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });
});
