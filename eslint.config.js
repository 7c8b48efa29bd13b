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

/**
 * src/lib/server from the bottom up (docs/architecture.md, Layers): a module imports from its own
 * level and the levels below it, never from one above. Names are folders or files under
 * src/lib/server; a new folder must be placed here (an unplaced one fails the check below).
 */
const SERVER_LEVELS = [
  // The platform: what every domain stands on, knowing none of them.
  ['platform/process-singleton.ts', 'platform/recurring-turns.ts', 'platform/trusted-proxies.ts', 'platform/serving-process.ts', 'platform/secret-box.ts', 'platform/framed-item.ts', 'platform/config-assistant.ts'],
  ['platform/config.ts'],
  ['platform/logger.ts', 'platform/remove-stored.ts', 'platform/storage.ts', 'demo'],
  ['platform/db', 'platform/cluster'],
  ['platform/mail'],
  // The composition root knows no domain: the domains' services are handed in (start/domain-services.ts).
  ['platform/runtime.ts'],
  // The account (its plan, its currency) is read by nearly every domain.
  ['http', 'ops', 'account'],
  // The guidebook's core (rows, owned lookup, guest-token lookup, stay window, rich text, the write
  // hook) sits under every domain that reads or writes a guidebook.
  ['geo', 'guidebook', 'money/usable-text.ts'],
  // Money is one wing (docs/decisions/026) whose parts sit at their own levels: subscriptions
  // under every domain, orders under stays, the events router above them all.
  // Smart locks (docs/decisions/030-smart-locks.md §1): below stays and orders, whose writers mark a stay's code.
  ['money/subscriptions', 'uploads', 'sharing', 'translate', 'messaging', 'assistant', 'insights', 'locks'],
  ['auth', 'instructions', 'money/orders', 'money/payouts'],
  ['revisions', 'settings', 'stays', 'money/stripe-events.ts'],
  // Booking systems (docs/decisions/029-pms-connectors.md §1): above stays, which never import them.
  ['pms'],
  ['guest-pages'],
  // The top: what a process starts with (the job list, the domains' services, the entries).
  ['start/job-types.ts'],
  ['start/background-jobs.ts', 'start/domain-services.ts'],
  ['start/workers.ts', 'start/cli'],
  ['start/boot.ts', 'start/render-worker-entry.ts'],
];

/**
 * Imports that run up, each with its reason: [from folder, to folder, the one file it may import].
 * None today: what a lower level must set off above it is handed in from the top
 * (guidebook/guidebook-writes.ts). A new entry needs a reason a reviewer accepts.
 */
const SERVER_UPWARD_EXCEPTIONS = [];

const serverPath = (name) => `./src/lib/server/${name}`;
const placed = SERVER_LEVELS.flat();
const unplaced = fs
  .readdirSync(new URL('src/lib/server/', import.meta.url))
  .flatMap((name) => (placed.some((entry) => entry.startsWith(`${name}/`)) ? fs.readdirSync(new URL(`src/lib/server/${name}/`, import.meta.url)).map((part) => `${name}/${part}`) : [name]))
  .filter((name) => !placed.includes(name));
if (unplaced.length > 0) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in SERVER_LEVELS`);

/** One zone per name and level: nothing above it, but for the listed exceptions (a zone each). */
const SERVER_ZONES = SERVER_LEVELS.flatMap((level, index) => {
  const above = SERVER_LEVELS.slice(index + 1).flat();
  return level.flatMap((name) => {
    const exceptions = SERVER_UPWARD_EXCEPTIONS.filter(([from]) => from === name);
    const excepted = new Set(exceptions.map(([, to]) => to));
    const message = `src/lib/server/${name} must not import a level above it (docs/architecture.md, Layers): move what both need down, or hand it in from the top.`;
    const zones = [];
    const restricted = above.filter((other) => !excepted.has(other));
    if (restricted.length > 0) zones.push({ target: serverPath(name), from: restricted.map(serverPath), message });
    for (const to of excepted) {
      const files = exceptions.filter(([, other]) => other === to).map(([, , file]) => file);
      zones.push({ target: serverPath(name), from: serverPath(to), except: files, message });
    }
    return zones;
  });
});

/**
 * Small files (docs/style.md 10): today's files over 200 lines, each to split when next worked on
 * (a file leaves the list when it shrinks; none joins it). The guest dictionaries and the message
 * catalogue are long by nature and are not counted.
 */
const LONG_FILES = [
  'src/admin/features/editor/components/EditorWorkspace.tsx',
  'src/admin/features/editor/components/translate/TranslateView.tsx',
  'src/admin/features/instructions/components/OptionsPanel.tsx',
  'src/admin/features/orders/components/OrdersScreen.tsx',
  'src/admin/features/settings/components/SettingsForm.tsx',
  'src/components/poster/PosterSheet.astro',
  'src/islands/guest/SecretReveal.tsx',
  'src/lib/server/platform/config.ts',
  'src/lib/server/money/orders/orders.ts',
  'src/lib/server/geo/safe-fetch.ts',
  'src/lib/server/guest-pages/publish/rebuild-snapshots.ts',
  'src/lib/server/guest-pages/store/snapshot-store.ts',
  'src/lib/server/http/rate-limit.ts',
  'src/lib/server/insights/view-counts.ts',
  'src/lib/server/settings/apply-settings-to-instructions.ts',
  'src/lib/server/translate/client.ts',
  'src/lib/shared/contact-links.ts',
  'src/lib/shared/schemas/field-kinds.ts',
  'src/lib/shared/schemas/instruction/content.ts',
  'src/lib/shared/schemas/instruction/translations.ts',
  'src/lib/shared/schemas/stay.ts',
];

/** Today's files with a function over 80 lines (a component or a loader that grew): the same rule. */
const LONG_FUNCTIONS = [
  'src/admin/components/extras/ExtraCard.tsx',
  'src/admin/components/sortable/SortableCard.tsx',
  'src/admin/components/sortable/SortableList.tsx',
  'src/admin/components/ui/HouseRulesPicker.tsx',
  'src/admin/features/editor/components/EditorWorkspace.tsx',
  'src/admin/features/editor/components/history/HistoryTab.tsx',
  'src/admin/features/editor/components/places/PlacesMap.tsx',
  'src/admin/features/editor/components/translate/TranslateView.tsx',
  'src/admin/features/instructions/components/InstructionsScreen.tsx',
  'src/admin/features/instructions/components/OptionsPanel.tsx',
  'src/admin/features/instructions/components/TrashScreen.tsx',
  'src/admin/features/orders/components/OrdersScreen.tsx',
  'src/admin/features/payouts/components/PaymentsCard.tsx',
  'src/admin/features/settings/components/SettingsForm.tsx',
  'src/admin/features/stays/components/CalendarPanel.tsx',
  'src/admin/features/stays/components/StayCard.tsx',
  'src/admin/features/stays/components/StayDialog.tsx',
  'src/admin/features/stays/components/StaysView.tsx',
  'src/islands/auth/LoginForm.tsx',
  'src/islands/auth/RegisterForm.tsx',
  'src/islands/auth/ResetPasswordForm.tsx',
  'src/islands/guest/ExtraRequest.tsx',
  'src/islands/guest/GuestFeedback.tsx',
  'src/islands/guest/HostContact.tsx',
  'src/islands/guest/SecretReveal.tsx',
  'src/islands/orders/ConfirmOrder.tsx',
  'src/lib/server/guest-pages/render/load-guest-page.ts',
];

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
    // Small files and functions (docs/style.md 10), for every file written from now on.
    files: ['src/**/*.{ts,tsx,astro,mjs}'],
    ignores: ['src/lib/shared/guest-words/**', 'src/lib/shared/messages.ts', ...LONG_FILES],
    rules: { 'max-lines': ['error', { max: 200 }] },
  },
  {
    files: ['src/**/*.{ts,tsx,astro,mjs}'],
    ignores: LONG_FUNCTIONS,
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Configuration at boot (docs/style.md 6): config.ts parses the environment once; everything
    // else is handed the parsed configuration (getRuntime().config), so a test points it elsewhere.
    files: ['src/**/*.{ts,tsx,astro,mjs}'],
    ignores: ['src/lib/server/platform/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only src/lib/server/platform/config.ts reads process.env: add the variable to its schema and read it from the configuration.' }],
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
    // The guest page's islands load on a phone at the door: zod alone is about 23 KB in brotli
    // (docs/performance.md, "Guest islands without zod"). Types from a schema file are erased.
    files: ['src/islands/guest/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'A guest island must not bring zod to the page: validate on the server.' }],
          patterns: [
            { group: ['**/lib/server/**', '@server/*'], message: 'Client code must not import src/lib/server.' },
            { group: ['@shared/schemas/*', '**/shared/schemas/*'], allowTypeImports: true, message: 'A guest island may import only types from a schema file (its values bring zod): move the constant to a module of its own in src/lib/shared.' },
          ],
        },
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
            ...SERVER_ZONES,
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
