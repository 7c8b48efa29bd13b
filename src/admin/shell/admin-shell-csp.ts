import type { AstroGlobal } from 'astro';
import { allowStripeCheckout, isCheckoutPath } from './checkout-csp.ts';
import { allowThemeScript } from './theme-script.ts';

/**
 * What the policy of a page drawing AdminShell lets run: the theme script, and Stripe's checkout
 * on a …/checkout path. Called from the page's own frontmatter, which runs before its headers are written.
 */
export function allowAdminShellScripts(astro: Pick<AstroGlobal, 'csp' | 'params'>): void {
  allowThemeScript(astro.csp);
  if (isCheckoutPath(astro.params.path)) allowStripeCheckout(astro.csp);
}
