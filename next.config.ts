import type { NextConfig } from 'next';

const config: NextConfig = {
  // PGlite ships WASM and data files it loads from its own folder; bundling would break those paths.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'linkedom', 'exceljs', 'busboy', 'playwright-core'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default config;
