import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The e-mail templates' library renders on the server only (lambdas/notifications): never in a web chunk,
// nor in shared/, which the web app loads.
const MAIL_LIBRARY = { group: ['react-email', '@react-email/*'], message: 'E-mail rendering belongs to lambdas/notifications, not the web bundle.' };

// The web app types its API calls from the merged route table but loads one area's table at a time
// (web/src/lib/api-areas): a value import of the index would put every area's schemas in one chunk.
const WEB_ROUTE_INDEX = {
  name: '#shared/routes',
  allowTypeImports: true,
  message: "Import an area's table (#shared/routes/<area>, through web/src/lib/api-areas) or types only: the index brings every area's schemas.",
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', '.cache', 'coverage', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Dependency direction (DESIGN section 2): shared imports nothing of ours, web never imports lambdas,
    // handlers never import infra.
    // (A leading '#' starts a comment in these gitignore-style patterns, hence '\\#'.)
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/lambdas/**', '**/infra/**', '**/web/**', '\\#lib/*', '\\#data/*', '\\#imports/*', '\\#handler'] }, MAIL_LIBRARY] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [WEB_ROUTE_INDEX], patterns: [{ group: ['**/lambdas/**', '**/infra/**', '\\#lib/*', '\\#data/*', '\\#imports/*', '\\#handler'] }, MAIL_LIBRARY] }],
    },
  },
  // A web feature imports only lib, components, shared and itself; pages in app/ compose features (DESIGN
  // section 2). One block per feature, because a rule's options are replaced, not merged, per file.
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [WEB_ROUTE_INDEX],
          patterns: [
            { group: ['**/lambdas/**', '**/infra/**', '\\#lib/*', '\\#data/*', '\\#imports/*', '\\#handler'] },
            MAIL_LIBRARY,
            { group: ['**/app/**', '**/admin/**'], message: 'A feature does not import the app or the admin area: app/ composes features.' },
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`]),
              message: 'A feature imports only lib, components, shared and itself: pass other features in as slots from app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // lib and components are below every feature.
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [WEB_ROUTE_INDEX],
          patterns: [
            { group: ['**/lambdas/**', '**/infra/**', '\\#lib/*', '\\#data/*', '\\#imports/*', '\\#handler'] },
            MAIL_LIBRARY,
            { group: ['**/features/**', '**/app/**', '**/admin/**'], message: 'lib and components import no feature, app or admin module.' },
          ],
        },
      ],
    },
  },
  {
    // An area (lambdas/<area>) reaches lib, shared and the entity modules through their aliases, never another
    // area's files (../<area>/...): what two areas share is an entity module or lib.
    files: ['lambdas/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web' }, { group: ['../**'], message: 'reach other code through #lib/*, #data/*, #shared/* or #handler' }] },
      ],
    },
  },
  {
    // The page function renders the events area's answers as pages (an event as GET /api/events/{id} gives it, a
    // page of the search): it reads them through that area's own modules, and the app's components through the
    // web app's server entry (#web-ssr), rather than copies of either. A rendered page names its race's preview card
    // (cards/).
    files: ['lambdas/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web (the page function reaches the app through #web-ssr)' },
            { regex: '^(?:\\.\\./)+(?!\\.\\./|events/event-(?:detail|search)\\.ts$|organizations/organization-directory\\.ts$|(?:cards/)?[a-z-]+\\.ts$)', message: 'reach other code through #lib/*, #data/*, #shared/* or #handler' },
          ],
        },
      ],
    },
  },
  {
    // lib is below every area and entity module: it imports neither (DESIGN section 2).
    files: ['lambdas/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web' },
            { group: ['../**', '\\#data/*', '\\#imports/*', '\\#handler'], message: 'lambdas/lib imports no area and no entity module (lambdas/data)' },
          ],
        },
      ],
    },
  },
  {
    // Entity modules use lib and each other; no area (an area uses them).
    files: ['lambdas/data/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web' },
            { group: ['../**', '\\#handler'], message: 'lambdas/data imports no area (lambdas/<area>); an area imports it' },
          ],
        },
      ],
    },
  },
);
