import type { AstroGlobal } from 'astro';

/**
 * What Stripe's embedded Checkout loads, allowed on the checkout pages only (docs/security.md 28: each
 * page allows just what it embeds). Stripe's list: docs.stripe.com/security/guide#content-security-policy
 * (Stripe.js and Checkout). The dashboard is one app, so the checkout route is opened with a full
 * page load (never a client-side navigation) to get this policy.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** `path` is the admin route under /dashboard or /plan: "checkout" (not "checkout/return"). */
export function isCheckoutPath(path: string | undefined): boolean {
  return (path ?? '').replace(/\/+$/, '') === 'checkout';
}

export function allowStripeCheckout(csp: AstroGlobal['csp']): void {
  if (!csp) return;
  // Astro writes 'self' into script-src only while no resource was added: keep our own bundles.
  csp.insertScriptResource("'self'");
  for (const source of STRIPE.script) csp.insertScriptResource(source);
  csp.insertDirective(`frame-src ${STRIPE.frame.join(' ')}`);
  csp.insertDirective(`connect-src ${STRIPE.connect.join(' ')}`);
  csp.insertDirective(`img-src ${STRIPE.img.join(' ')}`);
}
