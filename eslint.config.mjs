import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What the domain may not import: it stays pure (no framework, database, network or host I/O). */
const impureModules = [
  '@nestjs/*', 'kysely', 'kysely/*', 'pg', 'pg-*', '@electric-sql/*', '@eventstore/*', 'fastify', '@fastify/*',
  'google-auth-library', 'jsonwebtoken', 'twilio', 'ln-service', 'bitcoinjs-lib', 'geoip-lite', 'axios', 'undici',
  'node:*', 'fs', 'fs/*', 'http', 'https', 'net', 'dgram', 'dns', 'tls', 'child_process', 'worker_threads', 'crypto', 'os',
  '**/adapters/**', '**/projections/**',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'artifacts/**', 'client/public/**', 'coverage/**', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['server/src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: impureModules, message: 'server/src/domain is pure: no framework, database, network or Node I/O imports.' }] }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'No network in the domain.' }, { name: 'process', message: 'No environment in the domain.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Randomness comes in with the command.' }, { object: 'Date', property: 'now', message: 'Time comes in with the command.' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
