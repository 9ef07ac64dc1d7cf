import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/artifacts/**', 'packages/contracts/src/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // TanStack Query: the recommended rules and `prefer-query-options` (every query through a feature's queryOptions).
  ...pluginQuery.configs['flat/recommended-strict'].map((c) => ({ ...c, files: ['apps/web/src/**/*.{ts,tsx}'] })),
  {
    // One key per endpoint, from the feature's key factory (`<domain>Keys` in `<domain>-queries.ts`): no query key
    // written as an array where a query is read or refreshed.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > :matches(ArrayExpression, TSAsExpression > ArrayExpression)",
          message:
            'Query keys come from the key factory of the feature (`itemKeys.detail(id)`), never an array literal.',
        },
      ],
    },
  },
);
