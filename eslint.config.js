import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'src/app/routeTree.gen.ts', 'test-results/', 'playwright-report/', 'bench/results/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Layering (docs/architecture.md, Layers): shared code runs in browser and Node; the app never
    // imports the server. The full rule set is .dependency-cruiser.cjs (`npm run deps`).
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/app/**', 'node:*'] }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The server reads its environment once, at start, in platform/config.ts (issue 34): every other
    // file takes its settings from the typed config it is handed.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/platform/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from the config (src/server/platform/config.ts).' }],
    },
  },
  {
    // SQL lives in a module's repo files (docs/architecture.md, the module template): a Kysely
    // query-builder call or a sql`` template (sql<T>`` too) anywhere else in src/server/modules is
    // refused. Counted 106 outside repo files when the rule came (issue 34); 0 since.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/repo.ts', '**/*-repo.ts', '**/tables.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]', message: 'SQL lives in repo.ts (docs/architecture.md, the module template)' },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL lives in repo.ts (docs/architecture.md, the module template)' },
      ],
    },
  },
);
