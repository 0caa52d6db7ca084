import next from 'eslint-config-next';

// Import boundaries (layers, cycles) are checked by dependency-cruiser (.dependency-cruiser.cjs,
// `npm run lint:deps`), which sees relative imports as well as `@/` ones.
const config = [
  ...next,
  // Playwright's outputs include the bundled trace viewer when a trace is kept.
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'lib/engine/db/migrations/**',
      'bench/out/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
];

export default config;
