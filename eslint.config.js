// ESLint for the whole repository (`npm run lint`, part of `npm test`): typescript-eslint with type
// information, and the import boundaries of ../shared/ARCHITECTURE.md (docs/architecture.md, "Lint").
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts', 'vitest.config.ts'];

// Each web feature may import only itself; what two features share lives in web/src/{lib,components,hooks}.
const webFeatures = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `web/src/features/${feature}`,
  from: 'web/src/features',
  except: [`./${feature}`],
  message: 'a web feature never imports another feature: move what they share to web/src/lib or web/src/components.',
}));

// Package directions (ARCHITECTURE.md, "Dependency direction"); tests and scripts may import anything.
const packageZones = [
  ...['projections', 'ledger', 'web', 'test', 'contracts'].map((other) => ({
    target: 'api/src',
    from: `${other}/src`,
    message: `api never imports ${other}.`,
  })),
  { target: 'api/src', from: 'test', message: 'api never imports test.' },
  ...['ledger', 'web', 'test'].map((other) => ({ target: 'projections/src', from: `${other}/src`, message: `projections never imports ${other}.` })),
  ...['projections', 'web', 'test'].map((other) => ({ target: 'ledger/src', from: `${other}/src`, message: `ledger never imports ${other}.` })),
  ...['api', 'projections', 'ledger', 'web', 'test'].map((other) => ({ target: 'contracts/src', from: `${other}/src`, message: `contracts never imports ${other}.` })),
  {
    target: 'web/src',
    from: 'api/src',
    except: ['./schemas', './events'],
    message: 'the web app imports only the browser-safe @titleledger/api/schemas and /events.',
  },
  {
    target: 'web/src',
    from: 'ledger/src',
    except: ['./merkle/proof.ts', './verifier/verify-bundle.ts', './verifier/bundle-format.ts', './verifier/registry-calls.ts'],
    message: 'the web app imports only the browser-safe verifiers @titleledger/ledger/merkle/proof and /verifier.',
  },
  ...['projections', 'contracts', 'test'].map((other) => ({ target: 'web/src', from: `${other}/src`, message: `the web app never imports ${other}.` })),
  { target: 'web/src', from: 'test', message: 'the web app never imports test.' },
  {
    target: ['web/src/lib', 'web/src/components', 'web/src/hooks'],
    from: ['web/src/features', 'web/src/app'],
    message: 'shared web code never imports a feature or the app shell.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'contracts/artifacts/**', 'contracts/cache/**', 'data/**', 'coverage/**', 'test-results/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // One program per tsconfig (not projectService): the test files of api/, projections/, ledger/
        // belong to test/tsconfig.json and web's to web/tsconfig.test.json, which are not the nearest
        // tsconfig.json the project service would pick.
        project: [
          'api/tsconfig.json',
          'projections/tsconfig.json',
          'ledger/tsconfig.json',
          'contracts/tsconfig.json',
          'web/tsconfig.json',
          'web/tsconfig.test.json',
          'test/tsconfig.json',
        ],
        tsconfigRootDir: root,
      },
    },
    rules: {
      // Unused names are compile errors already (noUnusedLocals/Parameters); `_` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify handlers and React event handlers are async by contract; a returned promise is fine there.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // Fastify plugins and the ports' methods are async by contract, even when one answers at once.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read replies as `any` (`inject().json()`, `response.json()`) and assert their shape.
    files: testFiles,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['web/tsconfig.json', 'test/tsconfig.json', 'api/tsconfig.json', 'projections/tsconfig.json', 'ledger/tsconfig.json', 'contracts/tsconfig.json'].map((p) => path.join(root, p)),
          // Packages resolve to their sources (the `source` condition of their exports), as tsc does.
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }],
    },
  },
  {
    files: ['{api,projections,ledger,contracts,web}/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...packageZones] }],
      // Another package is reached through its name (and so its `exports`), never a relative path.
      'import-x/no-relative-packages': 'error',
    },
  },
);
