import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema-monitors.ts references tables of schema.ts, so schema.ts cannot re-export it (no import cycle).
  schema: ['./lib/engine/db/schema.ts', './lib/engine/db/schema-monitors.ts'],
  out: './lib/engine/db/migrations',
});
