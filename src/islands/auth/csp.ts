import type { AstroGlobal } from 'astro';

/**
 * What the auth islands load from third parties, for the CSP of the pages that embed them
 * (docs/security.md 28: allow only what each page embeds). Used by the pages' frontmatter on the server;
 * kept beside the islands because it must change whenever they do.
 *
 * Google Identity Services: developers.google.com/identity/gsi/web/guides/get-google-api-clientid
 * (Content Security Policy). Turnstile: developers.cloudflare.com/turnstile/reference/content-security-policy
 */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
};
const TURNSTILE = 'https://challenges.cloudflare.com';

export interface ThirdParties {
  google?: boolean;
  turnstile?: boolean;
}

export function allowThirdParties(csp: AstroGlobal['csp'], { google = false, turnstile = false }: ThirdParties): void {
  if (!csp || (!google && !turnstile)) return;
  // Astro writes 'self' into script-src only while no resource was added: keep our own bundles.
  csp.insertScriptResource("'self'");
  if (google) {
    csp.insertScriptResource(GOOGLE.script);
    csp.insertStyleResource(GOOGLE.style);
    csp.insertDirective(`frame-src ${GOOGLE.frame}`);
    csp.insertDirective(`connect-src ${GOOGLE.connect}`);
  }
  if (turnstile) {
    csp.insertScriptResource(TURNSTILE);
    csp.insertDirective(`frame-src ${TURNSTILE}`);
  }
}
