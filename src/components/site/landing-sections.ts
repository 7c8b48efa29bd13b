/** The landing page's sections (src/pages/index.astro), linked from the site's header and footer alike. */
export const LANDING_SECTIONS = [
  { href: '/#features-section', label: 'Features' },
  { href: '/#benefits-section', label: 'Benefits' },
  { href: '/#pricing-section', label: 'Pricing' },
  { href: '/#contact-section', label: 'Contact' },
];
