// The planner section's printed tables: pass rates per split, kind, language and category; failing
// dev cases with their reason. Holdout cases are counted, never named, unless asked to.
import type { Split } from './cases';
import type { Scored } from './run-cases';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const rate = (rows: Scored[]) => (rows.length ? rows.filter((r) => r.verdict.pass).length / rows.length : 0);
const cell = (rows: Scored[]) =>
  rows.length ? `${pct(rate(rows))} (${rows.filter((r) => r.verdict.pass).length}/${rows.length})` : '—';

function table(title: string, rows: Scored[], key: (r: Scored) => string) {
  const groups = new Map<string, Scored[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const parts = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, g]) => `${k} ${cell(g)}`);
  console.log(`  ${title.padEnd(9)} ${parts.join('   ')}`);
}

export function printSplit(
  label: string,
  split: Split,
  rows: Scored[],
  opts: { showHoldout: boolean; verbose: boolean },
) {
  if (rows.length === 0) return;
  console.log(`\n${label} — ${split}: ${rows.length} cases, pass ${cell(rows)}`);
  table('kind', rows, (r) => r.c.kind);
  table('language', rows, (r) => r.c.lang);
  // Each held-out set is reported on its own: how often a set's score has been read decides how much
  // it still says about phrasings nobody tuned for (README).
  table('set', rows, (r) => r.c.file.replace(/^cases-|-(describe|edit)\.json$|\.json$/g, ''));
  if (opts.verbose || split === 'dev' || opts.showHoldout) {
    table(
      'describe',
      rows.filter((r) => r.c.kind === 'describe'),
      (r) => r.c.category,
    );
    table(
      'edit',
      rows.filter((r) => r.c.kind === 'edit'),
      (r) => r.c.category,
    );
  }
  const failing = rows.filter((r) => !r.verdict.pass);
  if (failing.length === 0) return;
  if (split === 'holdout' && !opts.showHoldout) {
    console.log(
      `  failing: ${failing.length} (held out: ids and reasons hidden; --show-holdout prints them)`,
    );
    return;
  }
  console.log(`  failing (${failing.length}):`);
  for (const r of failing) {
    const text = opts.verbose ? `  «${r.c.text.replace(/\s+/g, ' ')}»` : '';
    console.log(`    ${r.c.id}${r.c.base ? ` [${r.c.base}]` : ''}: ${r.verdict.reason}${text}`);
  }
}

export function printTarget(label: string, rows: Scored[], target: number): boolean {
  const r = rate(rows);
  const met = r >= target;
  console.log(
    `${label}: ${rows.filter((x) => x.verdict.pass).length}/${rows.length} = ${pct(r)} (target ≥${pct(target).replace('.0%', '%')}) ${met ? 'meets target' : 'BELOW TARGET'}`,
  );
  return met;
}

export { rate, pct };
