import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/lib/engine/http/routes';

// The Next app serves the engine through app/**/route.ts files; they must mirror the route table exactly.
describe('app routes mirror the engine route table', () => {
  const appDir = path.join(process.cwd(), 'app');
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} has an app route file exporting it`, () => {
      const file = path.join(appDir, route.path === '/' ? '' : route.path, 'route.ts');
      expect(fs.existsSync(file), `${file} is missing: run npx tsx scripts/gen-routes.ts`).toBe(true);
      const src = fs.readFileSync(file, 'utf8');
      expect(src).toMatch(new RegExp(`export const ${route.method} = `));
    });
  }

  it('every spec endpoint is in the table', () => {
    const spec = fs.readFileSync(path.join(process.cwd(), 'docs/service-interface.md'), 'utf8');
    const rows = [...spec.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/[^ |]*) \|/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const table = new Set(ROUTES.map((r) => `${r.method} ${r.path.replace(/\[[a-z_]+\]/g, '{}')}`));
    for (const [, method, p] of rows) {
      expect(table.has(`${method} ${p!.replace(/\{[a-z_]+\}/g, '{}')}`), `${method} ${p}`).toBe(true);
    }
  });
});
