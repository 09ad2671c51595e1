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
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '**/infra/**', '**/web/**', '#lib/*'] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '**/infra/**', '#lib/*'] }] },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/infra/**', '**/web/**'] }] },
  },
);
