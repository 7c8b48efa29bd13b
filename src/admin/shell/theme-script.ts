import { createHash } from 'node:crypto';
import type { AstroGlobal } from 'astro';

/**
 * Sets the dashboard's light or dark mode before the first paint (no flash of the wrong one):
 * the host's stored choice (src/admin/lib/theme.ts, same key) wins; without one, the browser's
 * `prefers-color-scheme`. A classic inline script, so it runs while the head is parsed; Astro's
 * own scripts are modules, which run only after the page has been parsed.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme')}catch(e){}" +
  "document.documentElement.classList.toggle('dark',t==='dark'||t==='light'?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches)";

const HASH = `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}` as const;

/**
 * Lets THEME_SCRIPT run under the page's CSP (docs/decisions/003-csp.md: inline scripts only by
 * hash). Called from the page's own frontmatter, which runs before its headers are written.
 */
export function allowThemeScript(csp: AstroGlobal['csp']): void {
  csp?.insertScriptHash(HASH);
}
