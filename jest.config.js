/** Unit specs (*.spec.ts) and database specs (*.int.spec.ts) run with SWC. */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const moduleNameMapper = {
  '^@bahati/contracts$': '<rootDir>/contracts/src/index.ts',
  // Relative ESM-style specifiers ('./x.js', as the server's dynamic imports need at run time) name the .ts source.
  '^(\\.{1,2}/.*)\\.js$': '$1',
  // @bitcoinerlab/secp256k1 needs ESM-only @noble/curves, which Node ≥ 20.19 requires natively but jest
  // cannot; under jest the same curve interface comes from tiny-secp256k1's CommonJS build.
  '^@bitcoinerlab/secp256k1$': '<rootDir>/node_modules/tiny-secp256k1/lib/cjs/index.cjs',
};
// ESM-only packages that CommonJS code under test requires (Node loads them natively; Jest needs them transformed).
// None today: content-disposition is pinned to 2.0.1 (CommonJS, Node >= 18) by the root package.json's overrides.
const esmOnly = [];
const transformIgnorePatterns = esmOnly.length ? [`/node_modules/(?!(${esmOnly.join('|')})/)`] : ['/node_modules/'];
const common = { transform, transformIgnorePatterns, moduleNameMapper, testEnvironment: 'node', rootDir: __dirname };

module.exports = {
  // Longest files first also on a fresh clone (scripts/jest-sequencer.cjs).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  // A global option (Jest ignores it inside a project); browser journeys raise it in their files.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{server,contracts,scripts}/**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '/node_modules/', '/dist/'],
    },
    {
      ...common,
      displayName: 'db',
      testMatch: ['<rootDir>/server/**/*.int.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
    },
  ],
};
