import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependency direction, enforced: the engine, core services and shared UI never reach up into
 * screens or the app shell; the browser app and the server never import each other.
 */
const boundaries = [
  {
    target: './src/engine',
    from: ['./src/app', './src/screens', './src/widgets'],
    message: 'The engine knows no concrete screen or app wiring.',
  },
  {
    target: './src/core',
    from: ['./src/app', './src/screens', './src/engine', './src/widgets'],
    message: 'Core services sit below the engine, screens and app.',
  },
  {
    target: './src/ui',
    from: ['./src/app', './src/screens', './src/engine'],
    message: 'Shared UI never imports screens, the engine or the app.',
  },
  { target: './src/screens', from: ['./src/app'], message: 'Screens never import the app shell.' },
  {
    target: './src',
    from: ['./server', './scripts'],
    message: 'The portal never imports server code; share through shared/, config/ or schemas/.',
  },
  {
    target: './server',
    from: ['./src'],
    message: 'The server never imports portal code; share through shared/, config/ or schemas/.',
  },
  {
    target: './shared',
    from: ['./src', './server'],
    message: 'shared/ is a leaf both sides import.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-sourcemaps',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Typed query helpers (query<Row>()) use the parameter only in the result, by design.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      // Fastify plugins are async functions even when everything they register is synchronous.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}', 'tests/unit/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'e2e-config/**/*.ts',
      'playwright.config-only.ts',
      'tests/server/**/*.ts',
      'tests/unit/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
