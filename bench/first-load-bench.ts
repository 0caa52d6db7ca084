import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Issue 4: first-load JavaScript of each dashboard route (gzipped, budget 200 kB) from a production
// build. Builds first when there is none.
export async function firstLoadBench(): Promise<void> {
  const stats = path.join(process.cwd(), '.next', 'diagnostics', 'route-bundle-stats.json');
  if (!fs.existsSync(stats)) {
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`next build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const r = spawnSync(process.execPath, ['scripts/first-load-js.mjs'], { encoding: 'utf8' });
  console.log('\n## First-load JavaScript per route (gzipped, budget 200 kB)');
  for (const l of r.stdout.trimEnd().split('\n')) console.log(l);
  if (r.status !== 0) throw new Error(r.stderr || 'a route is over budget');
}
