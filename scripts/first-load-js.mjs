// First-load JavaScript per dashboard route, gzipped, from the last `next build` (.next/diagnostics/
// route-bundle-stats.json lists each route's first-load chunks). Prints a table; exits 1 when a route
// exceeds the budget. Usage: node scripts/first-load-js.mjs [--budget-kb 200] [--json]
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.cwd();
const statsFile = path.join(root, '.next', 'diagnostics', 'route-bundle-stats.json');
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 200;
const asJson = args.includes('--json');

if (!fs.existsSync(statsFile)) {
  console.error(`${path.relative(root, statsFile)} not found: run \`next build\` (or \`npm start\`) first.`);
  process.exit(2);
}

const gzipCache = new Map();
function gzipBytes(rel) {
  if (!gzipCache.has(rel))
    gzipCache.set(rel, gzipSync(fs.readFileSync(path.join(root, rel)), { level: 9 }).length);
  return gzipCache.get(rel);
}

const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
const rows = stats
  .map((r) => ({
    route: r.route,
    chunks: r.firstLoadChunkPaths.length,
    raw_kb: r.firstLoadUncompressedJsBytes / 1024,
    gzip_kb: r.firstLoadChunkPaths.reduce((n, p) => n + gzipBytes(p), 0) / 1024,
  }))
  .sort((a, b) => a.route.localeCompare(b.route));
const over = rows.filter((r) => r.gzip_kb > budgetKb);

if (asJson) {
  console.log(JSON.stringify({ budget_kb: budgetKb, routes: rows }, null, 2));
} else {
  const w = Math.max(...rows.map((r) => r.route.length), 5);
  console.log(`First-load JS per route (budget ${budgetKb} kB gzipped)`);
  console.log(
    `${'Route'.padEnd(w)}  ${'chunks'.padStart(6)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`,
  );
  for (const r of rows) {
    const flag = r.gzip_kb > budgetKb ? '  OVER BUDGET' : '';
    console.log(
      `${r.route.padEnd(w)}  ${String(r.chunks).padStart(6)}  ${r.raw_kb.toFixed(1).padStart(8)}  ${r.gzip_kb.toFixed(1).padStart(8)}${flag}`,
    );
  }
}
process.exit(over.length ? 1 : 0);
