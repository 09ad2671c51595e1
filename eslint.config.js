import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'coverage', '.bench'] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '**/infra/**', '**/web/**', '\\#lib/*', '\\#data/*', '\\#handler'] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '**/infra/**', '#lib/*'] }] },
  },
  {
    // An area (lambdas/<area>) reaches lib, shared and the entity modules through their aliases, never another
    // area's files (../<area>/...): what two areas share is an entity module or lib.
    files: ['lambdas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web' }, { group: ['../**'], message: 'reach other code through #lib/*, #data/*, #shared/* or #handler' }] },
      ],
    },
  },
  {
    // lib is below every area and entity module: it imports neither (DESIGN section 2).
    files: ['lambdas/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/infra/**', '**/web/**'], message: 'handlers never import infra or web' },
            { group: ['../**', '\\#data/*', '\\#handler'], message: 'lambdas/lib imports no area and no entity module (lambdas/data)' },
          ],
        },
      ],
    },
  },
  {
    // Entity modules use lib and each other; no area (an area uses them).
    files: ['lambdas/data/**/*.ts'],
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
