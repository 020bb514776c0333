import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import svelteConfig from './svelte.config.js'

/**
 * One lint for the whole tree (`npm run lint`, part of `npm test`): ESLint's and
 * typescript-eslint's recommended rules, eslint-plugin-svelte's for the components, and
 * Prettier's formatting left to Prettier. Rules are switched off here only with the reason.
 */
export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'test-reports/**', 'playwright-report/**', 'resources/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  ...svelte.configs.prettier,
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig } },
  },
  {
    rules: {
      // `_`-prefixed names are the way to say "unused on purpose" (a destructured field left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
)
