import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import astro from 'eslint-plugin-astro';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Every folder of src/admin/features: each is a zone the others may not import from. */
const FEATURES = fs
  .readdirSync(new URL('src/admin/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  { ignores: ['dist/', 'dist-*/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One direction (docs/style.md 1): client code never imports server modules.
    files: ['src/islands/**', 'src/admin/**', 'src/components/ui/**', 'src/lib/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/server/**', '@server/*'], message: 'Client code must not import src/lib/server.' }] },
      ],
    },
  },
  {
    // Imports are resolved as TypeScript resolves them: explicit .ts/.tsx extensions and the
    // tsconfig.json aliases (@shared/*, @server/*, @db/*). Astro files are not followed.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
      'import-x/extensions': ['.js', '.mjs', '.ts', '.tsx'],
    },
    rules: {
      // A module that needs itself back through others has no order to load in (ADR 001: the
      // composition root imports factories only, so nothing it builds imports it back). An
      // import() counts as much as a static import (allowUnsafeDynamicCyclicDependency: false).
      // Type-only imports are not followed, and eslint-plugin-import-x 4.18 has no option to
      // follow them: `import type` is erased, so it orders nothing at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      // no-cycle also skips `import { type A } from`, which verbatimModuleSyntax keeps as a bare
      // `import {} from` that still loads the module: written `import type`, it is really erased.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // docs/style.md 15: features stay in their folders; what two features share lives in
            // src/admin/components or src/admin/lib, or the route composes them.
            ...FEATURES.map((feature) => ({
              target: `./src/admin/features/${feature}`,
              from: './src/admin/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature: move what they share to src/admin/components or src/admin/lib.',
            })),
            {
              target: ['./src/admin/components', './src/admin/hooks', './src/admin/lib'],
              from: ['./src/admin/features', './src/admin/app'],
              message: 'Shared admin code must not depend on a feature or on the routes.',
            },
            { target: './src/admin/features', from: './src/admin/app', message: 'Routes compose features, not the other way round.' },
            // The dashboard (src/admin) and the public pages' islands (src/islands) are separate
            // bundles and neither imports the other. React UI both use (TextField, FieldMessages,
            // LogoMark) lives in src/components/ui; other code both use lives in src/lib/shared.
            {
              target: './src/islands',
              from: './src/admin',
              message: 'An island must not import the dashboard: move what both use to src/components/ui or src/lib/shared.',
            },
            {
              target: './src/admin',
              from: './src/islands',
              message: 'The dashboard must not import an island: move what both use to src/components/ui or src/lib/shared.',
            },
            {
              target: ['./src/components/ui', './src/lib/shared'],
              from: ['./src/admin', './src/islands'],
              message: 'Code both bundles share must not depend on the dashboard or on an island.',
            },
            // The guest pages' wing (docs/decisions/019): rendering a page knows nothing of how
            // pages are stored, served or published; what both sides say sits at the wing's root.
            {
              target: './src/lib/server/guest-pages/render',
              from: ['./src/lib/server/guest-pages/store', './src/lib/server/guest-pages/serve', './src/lib/server/guest-pages/publish'],
              message: 'The renderer must not import the store, the serving side or publishing: move what both read to src/lib/server/guest-pages (page-headers.ts, page-key.ts).',
            },
            // The money wing (docs/decisions/026): each part takes its Stripe events from the one
            // router and never calls it; subscriptions know nothing of payouts or orders, payouts
            // nothing of orders (orders read whether a host takes payments from the payout_accounts
            // table, not from payouts/; what all use, the Stripe client and the filed events, sits in
            // subscriptions/ today).
            {
              target: './src/lib/server/money/subscriptions',
              from: ['./src/lib/server/money/payouts', './src/lib/server/money/orders', './src/lib/server/money/stripe-events.ts'],
              message: 'Subscriptions must not import payouts, orders or the events router: Stripe events reach a part through src/lib/server/money/stripe-events.ts.',
            },
            {
              target: ['./src/lib/server/money/payouts', './src/lib/server/money/orders'],
              from: './src/lib/server/money/stripe-events.ts',
              message: 'A money part must not import the events router: it routes to the parts, not the other way round.',
            },
            {
              target: './src/lib/server/money/payouts',
              from: './src/lib/server/money/orders',
              message: 'Payouts must not import orders: what both need sits in src/lib/server/money (usable-text.ts) or subscriptions/ (the Stripe client).',
            },
          ],
        },
      ],
    },
  },
);
