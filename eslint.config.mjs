import next from 'eslint-config-next';

const config = [
  ...next,
  // Playwright's outputs include the bundled trace viewer when a trace is kept.
  { ignores: ['.next/**', 'node_modules/**', 'lib/engine/db/migrations/**', 'bench/out/**', 'playwright-report/**', 'test-results/**'] },
  {
    // Import boundaries: the contract depends on zod only; the engine never reaches into the UI.
    files: ['lib/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/lib/engine/*', '@/lib/dashboard/*', '@/components/*', '@/app/*'] }] },
  },
  {
    files: ['lib/engine/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/lib/dashboard/*', '@/components/*', '@/app/*'] }] },
  },
];

export default config;
