import type { NextConfig } from 'next';

const config: NextConfig = {
  // PGlite ships WASM and data files it loads from its own folder; bundling would break those paths.
  // esbuild (a native binary) bundles the research worker at runtime (lib/engine/research/pool).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'linkedom',
    'exceljs',
    'busboy',
    'playwright-core',
    'esbuild',
  ],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default config;
