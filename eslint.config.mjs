import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What the domain may not import: it stays pure (no framework, database, network or host I/O). */
const impureModules = [
  '@nestjs/*', 'kysely', 'kysely/*', 'pg', 'pg-*', '@electric-sql/*', '@eventstore/*', 'fastify', '@fastify/*',
  'google-auth-library', 'jsonwebtoken', 'twilio', 'ln-service', 'bitcoinjs-lib', 'geoip-lite', 'axios', 'undici',
  'node:*', 'fs', 'fs/*', 'http', 'https', 'net', 'dgram', 'dns', 'tls', 'child_process', 'worker_threads', 'crypto', 'os',
  '**/adapters/**', '**/projections/**', '**/application/**', '**/app/**',
];

/**
 * The layers, one direction of imports (docs/ARCHITECTURE.md): app → adapters → application → domain,
 * app → projections → application port types → domain (a read model's repository, beside its projection,
 * implements its port); contracts import nothing of ours. Tests and their
 * support files wire layers together and are exempt.
 */
const tests = ['**/*.spec.ts', '**/*.test-support.ts'];
const layer = (files, groups, message) => ({
  files,
  ignores: tests,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
});

/** Client features never import each other: each sees shared components, lib, i18n, typed hooks and contracts. */
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const clientLayers = [
  {
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '@domain/*'], message: 'The client never bundles server code: shared code lives in contracts/.' }] }] },
  },
  {
    files: ['client/src/{components,lib,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '@domain/*'], message: 'The client never bundles server code: shared code lives in contracts/.' },
        { group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'], message: 'Shared client code (components, lib, i18n) imports no feature and not the app.' },
      ] }],
    },
  },
  ...features.map((name) => ({
    files: [`client/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '@domain/*'], message: 'The client never bundles server code: shared code lives in contracts/.' },
        { group: ['@/features/**', `!@/features/${name}/**`, '../**'], message: `A feature imports no other feature: move what ${name} shares to components/ or lib/.` },
        { group: ['@/app/**', '!@/app/hooks'], message: 'Features take only the typed hooks from app/.' },
      ] }],
    },
  })),
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
  layer(['contracts/src/**/*.ts'], ['**/server/**', '**/client/**', '@domain/*', 'node:*'], 'contracts/ is shared by the server, the browser and scripts: it imports nothing of theirs and no Node module.'),
  layer(
    ['contracts/src/fairness/**/*.ts', 'contracts/src/hand-actions.ts', 'contracts/src/score.ts', 'contracts/src/house-edge.ts', 'contracts/src/redeem-code-generator.ts'],
    ['**/server/**', '**/client/**', '@domain/*', 'node:*', 'zod'],
    'The fairness scheme, the hand actions and the redeem-code generator run in the browser: no zod (the client bundle stays without it) and no Node module.',
  ),
  layer(['server/src/application/**/*.ts'], ['**/adapters/**', '**/app/**', '**/projections/**'], 'The application depends on the domain and its own ports only: adapters implement the ports, app/ wires them.'),
  layer(
    ['server/src/projections/**/*.ts'],
    ['**/adapters/**', '**/app/**', '**/application/*', '!**/application/remember', '!**/application/ports', '**/application/*/*', '!**/application/ports/*'],
    'Projections and their repositories see the domain, kysely and the application port types only: app/read-models.ts wires a repository to its port.',
  ),
  layer(['server/src/adapters/**/*.ts'], ['**/app/**'], 'Adapters do not reach into app/: app/ wires adapters, not the other way round.'),
  ...clientLayers,
);
