import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The app's catalogs arrive as build-time parts (`virtual:catalog/<lang>/<first|rest>`, vite-catalog-parts.ts).
 * Under test every part is the language's whole catalog: the setup puts English in i18next before any screen renders.
 */
function wholeCatalogs(): Plugin {
  const PART_ID = /^virtual:catalog\/([a-z]{2})\/(first|rest)$/;
  return {
    name: 'bahati:test-catalogs',
    enforce: 'pre',
    resolveId(id) {
      const match = PART_ID.exec(id);
      return match ? `\0test-catalog-${match[1]}` : null;
    },
    load(id) {
      const match = /^\0test-catalog-([a-z]{2})$/.exec(id);
      return match ? `export { default } from ${JSON.stringify(here(`./src/i18n/locales/${match[1]}.ts`))};\n` : null;
    },
  };
}

/** Component tests (`src/**\/*.test.{ts,tsx}`): Testing Library in jsdom, the API answered by MSW (src/test/). */
export default defineConfig({
  plugins: [wholeCatalogs(), react()],
  resolve: {
    alias: [
      { find: /^@bahati\/contracts$/, replacement: here('../contracts/src/index.ts') },
      { find: /^@\//, replacement: `${here('./src')}/` },
    ],
  },
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    pool: 'threads',
    // Test files share their worker's modules (each still gets a fresh jsdom): half the run time on two cores.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 15000,
  },
});
