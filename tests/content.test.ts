import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

// The landing and legal words live in src/content (docs/content.md); whatever an edit does to
// them, the built pages must still say what docs/product.md §1 and §2 require.

let server: TestServer;
let landing: string;

beforeAll(async () => {
  server = await startServer();
  landing = await (await server.request('/')).text();
});

afterAll(async () => {
  await server?.stop();
});

/** What a reader sees of an HTML fragment, typographic quotes read as plain ones. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
}

/** The HTML between `start` (an opening tag's text) and the next `end`. */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, `${start} in the page`).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
}

/** The <h3> titles inside the section whose id is `id`. */
function cardTitles(id: string): string[] {
  const section = between(landing, `id="${id}"`, '</section>');
  return [...section.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((match) => visibleText(match[1] ?? '').trim());
}

const LEGAL_PAGES: { path: string; title: string; says: string[]; anchors: string[]; updated?: string }[] = [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    says: [
      'only the data needed to run the app',
      'neither sold nor shared',
      'You may access, correct or delete your personal data at any time by contacting us',
      // docs/decisions/029-pms-connectors.md §10: what a booking system brings, and when it goes.
      "The guest's name, e-mail address, phone number and number of guests are erased 30 days after check-out",
    ],
    anchors: ['who-we-are', 'sharing', 'guests', 'retention', 'your-rights'],
    updated: '29 November 2026',
  },
  { path: '/terms', title: 'Terms of Service', says: ['the service is provided "as is"'], anchors: ['as-is', 'plans'] },
  {
    path: '/cookie',
    title: 'Cookie Policy',
    says: ['We use no third-party advertising cookies', 'Essential', 'Performance', 'Preference'],
    anchors: ['cookies-we-use', 'no-advertising'],
  },
  {
    path: '/gdpr',
    title: 'GDPR',
    says: ['neither sold nor shared', 'access the personal data', 'correct data', 'delete your data', 'Contact us through the contact form'],
    anchors: ['your-rights', 'exercise-rights'],
  },
];

describe('legal pages (docs/product.md §2)', () => {
  for (const { path, title, says, anchors, updated = '1 June 2025' } of LEGAL_PAGES) {
    it(`${path} has its title, the statements docs/product.md §2 asks for and its anchors, with a CSP header`, async () => {
      const response = await server.request(path);
      expect(response.status).toBe(200);
      // Prerendered pages carry their CSP as a header (astro.config.mjs, staticHeaders).
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await response.text();
      expect(html).toContain(`<title>${title} · Porchlight</title>`);
      // Markdown prints typographic quotes (“as is”); the statements are compared as typed.
      const main = visibleText(between(html, '<main', '</main>')).replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
      expect(main).toContain(`Legal ${title}`);
      expect(main).toContain(`Last updated: ${updated}`);
      for (const statement of says) expect(main, path).toContain(statement);
      for (const anchor of anchors) expect(html, `${path}#${anchor}`).toMatch(new RegExp(`<h2 id="${anchor}">`));
    });
  }

  it('the cookie policy lists its three kinds of cookie under "Cookies we use"', async () => {
    const html = await (await server.request('/cookie')).text();
    const section = visibleText(between(html, 'id="cookies-we-use"', 'id="no-advertising"'));
    expect(section).toMatch(/Essential Up to 30 days .+ Performance Up to 12 months .+ Preference Until you clear them/);
  });

  it('the legal navigation and the footer link the four pages in order', async () => {
    const html = await (await server.request('/terms')).text();
    const hrefs = (fragment: string) => [...fragment.matchAll(/href="(\/[a-z]+)"/g)].map((match) => match[1] ?? '');
    const order = ['/privacy', '/terms', '/cookie', '/gdpr'];
    expect(hrefs(between(html, 'aria-label="Legal pages"', '</nav>'))).toEqual(order);
    expect(hrefs(between(landing, '<footer', '</footer>')).filter((href) => order.includes(href))).toEqual(order);
  });
});

describe('landing page (docs/product.md §1, §2)', () => {
  it('has the hero button to /register', () => {
    expect(landing).toMatch(/<a href="\/register"[^>]*>\s*Start Creating Today/);
  });

  it('has the eight feature cards and the six benefits, in the order of docs/product.md §2', () => {
    expect(cardTitles('features-section')).toEqual([
      'Choose Themes',
      'Check-in Instructions',
      'Boost Your Revenue',
      'House Rules',
      'Auto Fill',
      'Share Anywhere',
      'Create GuideBooks',
      'Recommendations',
    ]);
    expect(cardTitles('benefits-section')).toEqual([
      'Blazing-Fast',
      'Mobile Friendly',
      'Secure by Design',
      'Visual Guidance',
      'Fully Customizable',
      '24/7 Support',
    ]);
  });

  it('has the five social-proof figures', () => {
    const figures = [...landing.matchAll(/<dd[^>]*>([^<]*)<\/dd>/g)].map((match) => match[1]);
    expect(figures).toEqual(['100+', '300+', '96%', '4.9/5', '24/7']);
  });

  it('has the four anchored sections', () => {
    for (const id of ['features-section', 'benefits-section', 'pricing-section', 'contact-section']) {
      expect(landing).toContain(`id="${id}"`);
    }
  });
});
