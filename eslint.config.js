// Lint: TypeScript and Svelte, with a few rules that keep the node honest (no stray console, no
// floating promises' cousins, no skipped or focused tests).
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'test-results/', 'test-results-*/', 'playwright-report/', '.devnet/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'skip' },
        { object: 'it', property: 'only' },
        { object: 'test', property: 'skip' },
        { object: 'test', property: 'only' },
        { object: 'describe', property: 'skip' },
        { object: 'describe', property: 'only' },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['src/node/**/*.ts', 'src/shared/**/*.ts', 'src/client/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
