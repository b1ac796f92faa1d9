// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LITERAL_WRITE = "Build the statement with drizzle's builders (db.insert / db.update with .set, .select, .onConflictDoUpdate, .returning), not a literal INSERT or UPDATE.";
/** Literal INSERT and UPDATE statements (decision 0049). */
const LITERAL_WRITE_SELECTORS = [
  { selector: 'TemplateElement[value.raw=/\\bINSERT\\s+(OR\\s+\\w+\\s+)?INTO\\b/i]', message: LITERAL_WRITE },
  { selector: 'TemplateElement[value.raw=/\\bUPDATE\\s+([\\w"`]+\\s+SET\\b|$)/i]', message: LITERAL_WRITE },
  { selector: 'Literal[value=/\\bINSERT\\s+(OR\\s+\\w+\\s+)?INTO\\b/i]', message: LITERAL_WRITE },
  { selector: 'Literal[value=/\\bUPDATE\\s+[\\w"`]+\\s+SET\\b/i]', message: LITERAL_WRITE },
];
/** The clock as a timestamp column holds it is `sqlNow` of platform/sql-expressions.ts, never a private copy. */
const PRIVATE_NOW = {
  selector: "TemplateElement[value.raw=/strftime\\('%Y-%m-%dT%H:%M:%fZ',\\s*'now'\\)/]",
  message: 'Use sqlNow (or sqlMinutesAgo / sqlNowUnlessSet) from worker/src/platform/sql-expressions.ts.',
};

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'build/', 'dist-worker/', '.astro/', '.wrangler/', 'data/', 'tests/.tmp/', 'test-results/', 'playwright-report/', 'db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log', 'table'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Writes are built with drizzle's builders (insert/update/delete, typed by the schema), so a
    // renamed column fails the type check; a literal INSERT or UPDATE statement is refused.
    // Migrations (SQL files) and tests are not linted by this rule.
    files: ['worker/src/**/*.ts'],
    ignores: ['worker/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...LITERAL_WRITE_SELECTORS, PRIVATE_NOW] },
  },
  {
    // The one module that writes the clock expression (decision 0049).
    files: ['worker/src/platform/sql-expressions.ts'],
    rules: { 'no-restricted-syntax': ['error', ...LITERAL_WRITE_SELECTORS] },
  },
  {
    files: ['site/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
