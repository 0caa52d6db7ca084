import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Two projects: fast pure units, and the engine suite that starts real HTTP servers
// on loopback and a real database (PGlite by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // Next resolves 'server-only' to an empty module on the server; tests run the same server modules.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    env: { QUARRY_ALLOW_PRIVATE_URLS: '1' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['lib/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'smoke',
          include: ['tests/smoke/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 1_560_000,
        },
      },
    ],
  },
});
