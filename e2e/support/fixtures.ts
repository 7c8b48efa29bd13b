import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The server's DATA_DIR, as playwright.config.ts derives it (relative to the repo root). */
export const E2E_DATA_DIR = `test-results/e2e-data-${process.env.E2E_PORT ?? 4330}`;

/**
 * Every test collects Content Security Policy violations (docs/security.md 28): Chromium reports each
 * one on the console, and the page also sees a `securitypolicyviolation` event. A test fails at the
 * end when any was seen, whatever else it checked.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/content security policy/i.test(message.text())) violations.push(message.text());
      });
      await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Resolves after the page's next frame (its media query listeners run before frame callbacks). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/** Serious and critical axe violations, one readable line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Colours are measured at rest: a theme switch or a hover fades them, and axe reading a link
  // half way through its colour transition reported a contrast no person sees (seen in CI).
  // A frame first: the dashboard hears of a colour scheme just emulated through its media query
  // listener, which runs in the next frame; until then no transition has begun to wait for.
  await nextFrame(page);
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * Opens the public header's menu when the section links are collapsed into it (under 768 px the
 * header shows a "Menu" disclosure instead of the links).
 */
export async function openHeaderMenuIfCollapsed(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  if (await header.getByRole('link', { name: 'Features', exact: true }).isVisible()) return;
  await header.getByRole('button', { name: 'Menu' }).or(header.getByLabel('Menu', { exact: true })).click();
  await expect(header.getByRole('link', { name: 'Features', exact: true })).toBeVisible();
}

/** Clicks a link of the public header, through its menu on narrow screens. */
export async function clickHeaderLink(page: Page, name: string): Promise<void> {
  await openHeaderMenuIfCollapsed(page);
  await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
}
