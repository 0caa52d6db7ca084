// `npx tsx bench/planner/check-cases.ts <file.json>…`: checks case files the way the benchmark's loader
// does (shape, categories, bases, names in format/touched), without running any planner, so people
// writing a blind held-out set can validate their file and still never see how the planner answers.
import { readFileSync } from 'node:fs';
import { caseProblem, loadBases } from './cases';
import type { BenchCase } from './score';

const bases = loadBases();
let bad = 0;
for (const file of process.argv.slice(2)) {
  const cases = JSON.parse(readFileSync(file, 'utf8')) as BenchCase[];
  const ids = new Set<string>();
  const counts = new Map<string, number>();
  for (const c of cases) {
    const problem = caseProblem(c, bases) ?? (ids.has(c.id) ? 'duplicate id' : null);
    if (problem) {
      bad++;
      console.log(`${file}: case ${c.id}: ${problem}`);
    }
    ids.add(c.id);
    for (const key of [`${c.kind} ${c.lang}`, `${c.kind} ${c.category}`])
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`${file}: ${cases.length} cases`);
  for (const [k, n] of [...counts].sort()) console.log(`  ${k}: ${n}`);
}
process.exitCode = bad ? 1 : 0;
