// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// Directives shared by every page. Astro adds script-src (with the hashes of its own inline
// scripts) and style-src; pages that embed a third party add theirs through Astro.csp.
// See docs/decisions/003-csp.md.
const cspDirectives = /** @type {const} */ ([
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self'",
]);

export default defineConfig({
  // DIST_DIR lets parallel builds (several checkouts' tests) keep apart; scripts/serve.mjs reads it too.
  outDir: process.env.DIST_DIR ?? './dist',
  output: 'server',
  adapter: node({
    mode: 'middleware',
    // Prerendered pages get their CSP as a response header, not a <meta> (frame-ancestors needs it).
    staticHeaders: true,
    // Hard ceiling for any body; per-route caps (JSON 256 KB) are enforced in src/lib/server/http.
    bodySizeLimit: 10 * 1024 * 1024 + 64 * 1024,
  }),
  integrations: [
    react(),
    {
      // client:interact: guest-page islands that hydrate on the first touch (src/islands/directives).
      name: 'porchlight-client-interact',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interact', entrypoint: './src/islands/directives/interact.ts' }),
      },
    },
  ],
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['better-sqlite3'] },
  },
  server: { port: 4321, host: '127.0.0.1' },
  // Origin checks for every state-changing /api call live in our middleware (docs/security.md 7).
  security: {
    checkOrigin: false,
    csp: {
      directives: [...cspDirectives],
      // Inline style attributes (React islands, toasts) are allowed; scripts stay hash-locked.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  build: { inlineStylesheets: 'never' },
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
});
