import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import serverLayers from './eslint/server-layers.js';
import serverPrivileged from './eslint/server-privileged.js';
import webLayers from './eslint/web-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['bench/**', 'e2e/**', '**/*-cli.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  ...serverLayers,
  ...serverPrivileged,
  ...webLayers,
);
