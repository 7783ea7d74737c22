import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The permission table is the one place that names audiences (decision 0106): elsewhere code asks a
 * named rule (`isBankUser(audience)`) or the table (`can`, `canOpen`), never `audience === 'bank'`.
 * A constant, because a later `no-restricted-syntax` replaces an earlier one: the SQL block repeats it.
 */
const audienceSide = (side) => `:matches([${side}.name='audience'], [${side}.property.name='audience'])`;
const audienceComparisons = [
  `BinaryExpression[operator=/^[!=]==$/]${audienceSide('left')}[right.value=type(string)]`,
  `BinaryExpression[operator=/^[!=]==$/]${audienceSide('right')}[left.value=type(string)]`,
].map((selector) => ({
  selector,
  message:
    'Ask the access rules (a named predicate such as isBankUser, or can/canOpen) instead of comparing an audience to a literal (decision 0106).',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/.state/**',
      'coverage/**',
      '.tsbuild/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Type-aware where it pays (docs/style.md "Lint"): a promise nobody awaits or catches loses its
    // error (an unhandled rejection ends the server), and an async function where a void callback is
    // expected runs unawaited. React's event props take async handlers by design (the form pattern
    // reports its own errors), so JSX attributes are not checked for a void return.
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.fixtures.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // CommonJS config files (dependency-cruiser's) load each other the CommonJS way.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features never import each other: shared things move down to components/ui, lib or the domain.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Features do not import other features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // A source file says one concern; past 400 lines it is split by concern (docs/style.md).
    files: ['packages/domain/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.generated.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Audiences are compared only in the access rules (decision 0106); tests name them freely.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    ignores: ['packages/domain/src/access/**', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...audienceComparisons] },
  },
  {
    // SQL lives in repositories (decision 0103): query-builder statements and `sql` templates only in
    // `*.repository.ts` and `db/`; services, routes and plugins call a repository. Tests, fixtures,
    // the test helpers, the demo data and the migrations (in db/) build their own rows.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.fixtures.ts',
      'apps/api/src/**/fixtures/**',
      'apps/api/src/test/**',
      'apps/api/src/demo/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive)$/]',
          message: 'Database statements live in a *.repository.ts file (decision 0103); call the repository.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL templates live in a *.repository.ts file (decision 0103); call the repository.',
        },
        ...audienceComparisons,
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message:
                'SQL templates live in a *.repository.ts file (decision 0103); import types only here.',
            },
          ],
        },
      ],
    },
  },
  {
    // One test harness for the web (docs/style.md "Web tests"): a test's API is stubApi
    // (test/stub-api.ts, which holds fixtures to the contract) and its providers
    // renderWithProviders (test/render-with-providers.tsx). Only the API client's own test stubs
    // fetch, to test the client itself.
    files: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/**/*.fixtures.tsx',
      'apps/web/src/**/test-support.tsx',
    ],
    ignores: ['apps/web/src/test/**', 'apps/web/src/lib/api-client.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          message: 'Stub the API with stubApi (@/test/stub-api), which checks fixtures against the contract.',
        },
        {
          selector: "AssignmentExpression[left.object.name='globalThis'][left.property.name='fetch']",
          message: 'Stub the API with stubApi (@/test/stub-api), which checks fixtures against the contract.',
        },
        {
          selector: "NewExpression[callee.name='QueryClient']",
          message:
            'Render with renderWithProviders (or createTestQueryClient) from @/test/render-with-providers.',
        },
      ],
    },
  },
  {
    // The domain is pure: no I/O, no framework.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fastify*', 'react*', 'kysely', 'pg', '@electric-sql/*'],
              message: 'The domain package stays pure.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
