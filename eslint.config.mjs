// ESLint (flat config): typescript-eslint's recommended rules, plus the type-aware rules that catch
// real bugs here: promises nobody awaits, promises passed where a plain function is expected, and
// `any` values flowing unchecked into typed code. Formatting is Prettier's job; `npm run lint` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = {
  require: 'readonly',
  module: 'writable',
  process: 'readonly',
  console: 'readonly',
  __dirname: 'readonly',
  Buffer: 'readonly',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'bench/out/', 'coverage/', 'catalog/', 'docs/', 'n8n/', 'n8n-node/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value left out on purpose (`const { sk: _sk, ...item } = row`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: nodeGlobals }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    // Source code: no unchecked `any` (tests read JSON answers as `any` on purpose).
    files: [
      'bin/**/*.ts',
      'lib/**/*.ts',
      'functions/**/*.ts',
      'platforms/**/*.ts',
      'core/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'n8n-node/nodes/**/*.ts',
      'n8n-node/credentials/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
    },
  },
  { files: ['test/**/*.ts', 'n8n-node/test/**/*.ts', 'n8n-node/e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
