import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/engine/db/schema.ts',
  out: './lib/engine/db/migrations',
});
