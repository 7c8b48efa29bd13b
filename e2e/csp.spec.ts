import { expect, test } from './support/fixtures.ts';

// docs/security.md 28: CSP as an HTTP header with the baseline directives, and no violation on any page
// type. The violations themselves are collected for every test by the cspViolations fixture; this
// file visits one page of each type and lets the islands hydrate.
const PAGE_TYPES = [
  { type: 'landing (prerendered, islands)', path: '/' },
  { type: 'legal (prerendered)', path: '/privacy' },
  { type: 'not found', path: '/no-such-page' },
  { type: 'error screen (SSR)', path: '/crash' },
];
const BASELINE = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];

for (const { type, path } of PAGE_TYPES) {
  test(`${type}: CSP header, no violation`, async ({ page, cspViolations }) => {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    for (const directive of BASELINE) expect(csp, `${path} CSP header`).toContain(directive);
    expect(csp).toContain('script-src');
    await page.waitForLoadState('networkidle');
    expect(cspViolations).toEqual([]);
  });
}
