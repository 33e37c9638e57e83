import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_PAGE_PATHS, CONTENT_SLOTS, CONTENT_WIDGETS, isBlogPost } from './src/content/paths';
import { LANGUAGES } from './src/i18n/languages';
import { FIRST_LOAD_KEYS } from './src/i18n/parts';
import { catalogParts } from './vite-catalog-parts';
import { markdownPages } from './vite-markdown-pages';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Fails loudly if a runtime import from @bahati/contracts drags zod into the bundle. */
function noZodInBundle(): Plugin {
  return {
    name: 'bahati:no-zod-in-bundle',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const zod = Object.keys(chunk.modules).find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod) {
          this.warn(
            `zod ended up in ${chunk.fileName} (${zod}). Import only types and plain helpers from @bahati/contracts, ` +
              'or keep schema-building calls that do not start with `z.` out of the contract modules the client uses.',
          );
          return;
        }
      }
    },
  };
}

/** Paths of the app's own screens an information page may link to (the Markdown pages' paths are added). */
const APP_PATHS = [
  '', 'game', 'ledger', 'deposit', 'withdraws', 'bonuses', 'phone-verify', 'profile', 'authentication', 'provable',
  'proof-of-liabilities', 'bitcoin-setup-information', 'self-excluded', 'session-expired', 'suspect', 'geolocation-blocked',
];

export default defineConfig({
  plugins: [
    markdownPages({
      root: here('./src/content/pages'),
      pagePaths: CONTENT_PAGE_PATHS,
      appPaths: APP_PATHS,
      languages: LANGUAGES.map((l) => l.code),
      slots: CONTENT_SLOTS,
      widgets: CONTENT_WIDGETS,
      widgetAnchors: { 'self-test': ['help'] },
      isBlogPost,
    }),
    catalogParts({ locales: here('./src/i18n/locales'), firstLoadKeys: FIRST_LOAD_KEYS }),
    react(),
    noZodInBundle(),
  ],
  resolve: {
    alias: [
      { find: /^@bahati\/contracts$/, replacement: here('../contracts/src/index.ts') },
      { find: /^@\//, replacement: `${here('./src')}/` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The shared contracts build zod schemas at module level; the client uses only their
        // types and pure helpers (satsToDollars), so unused schemas must not pull zod in:
        // contract modules nothing is imported from are dropped, and schema building (`z.…`, and
        // contracts' `queryInt`, which only calls zod) is pure.
        moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z', 'queryInt'],
      },
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen needs, cached apart from the app's own code. Libraries
            // used by one screen (QR codes, phone numbers) stay in that screen's lazy chunk.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
