import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Server rules by meaning (STYLE.md): the time comes only from the clock, and a use case takes what it uses.
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/tests/**'];
/** The clock (`app.now`, `platform/clock.ts`): no other read of the system time; a duration uses performance.now(). */
const CLOCK_ONLY = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'The time comes from the clock: `deps.now()` / `app.now()` (or `systemClock()` where no app exists).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'The time comes from the clock (`deps.now()`); a duration or a cache age uses `performance.now()`.',
  },
];
/** A use case takes the pieces it uses (`Uses<'db' | 'now'>` from platform/deps.ts), never the whole app. */
const USES_NOT_APP = [
  "ExportNamedDeclaration > FunctionDeclaration > Identifier.params:first-child[typeAnnotation.typeAnnotation.typeName.name='FastifyInstance']",
  "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression > Identifier.params:first-child[typeAnnotation.typeAnnotation.typeName.name='FastifyInstance']",
].map((selector) => ({
  selector,
  message:
    "A use case takes what it uses (`deps: Uses<'db' | 'now'>`, platform/deps.ts), not the app; only routes, plugins and composition take the app.",
}));
/** Routes, plugins and composition: they hold the app and hand its pieces to the use cases. */
const TAKES_THE_APP = [
  'apps/server/src/*.ts',
  'apps/server/src/**/index.ts',
  'apps/server/src/**/*-plugin.ts',
  'apps/server/src/**/routes.ts',
  'apps/server/src/**/*-routes.ts',
  'apps/server/src/platform/http/**',
];

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
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...SERVER_TESTS, 'apps/server/src/platform/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_ONLY, ...USES_NOT_APP] },
  },
  {
    files: TAKES_THE_APP,
    ignores: [...SERVER_TESTS, 'apps/server/src/platform/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_ONLY] },
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
