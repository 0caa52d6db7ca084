// `npm run bench:quality`: answer quality of the offline extractor on the fixture website, field by
// field, and the wall time of turbo against normal mode on the same set; then the same product on real
// saved pages (bench/quality-corpora.ts), then the planner on analyst-written descriptions and edit
// instructions (bench/planner-quality.ts). Figures live here only.
// QUALITY_ONLY=fixture, QUALITY_ONLY=corpora or QUALITY_ONLY=planner runs one section; QUALITY_CORPORA=products|articles and
// QUALITY_PAGES=<id or id prefix,…> pick a subset of the real pages.
import { performance } from 'node:perf_hooks';
import type { ResearchQuery } from '../lib/contract/task-definition';
import { loadConfig } from '../lib/engine/config';
import { createResearcher, type ResearchResult } from '../lib/engine/research';
import { startFixtureSite } from '../tests/fixtures/site/server';
import { QUALITY_CASES, type Expectation, type Field } from './quality-cases';
import { corporaOptions, runCorporaSection } from './quality-corpora';
import { plannerOptions, runPlannerSection } from './planner-quality';

const TARGETS: Partial<Record<Field, number>> = {
  title: 0.95,
  author: 0.95,
  date: 0.95,
  language: 0.95,
  email: 0.95,
  phone: 0.95,
  social: 0.95,
  'free text': 0.8,
};
const ROUNDS = 3;

function norm(v: unknown): string {
  return String(v ?? '')
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function judge(e: Expectation, r: ResearchResult): boolean {
  const value = r.data[e.keyword];
  const source = r.sources[e.keyword];
  if (e.expect === null) return value === null || value === undefined;
  if (value === null || value === undefined || !source) return false;
  if (typeof e.expect === 'object' && 'snippet' in e.expect) {
    const needle = e.expect.snippet.toLowerCase();
    return source.snippet.toLowerCase().includes(needle) || norm(value).includes(needle);
  }
  if (typeof e.expect === 'object' && 'contains' in e.expect) {
    return e.expect.contains.every((part) => norm(value).includes(part.toLowerCase()));
  }
  if (Array.isArray(e.expect)) {
    const got = new Set((Array.isArray(value) ? value : [value]).map(norm));
    return e.expect.length === got.size && e.expect.every((x) => got.has(norm(x)));
  }
  return norm(value) === norm(e.expect);
}

/** The fixture-website section; true when every figure meets its target. */
async function fixtureSection(): Promise<boolean> {
  const config = loadConfig({ ...process.env, QUARRY_ALLOW_PRIVATE_URLS: '1' });
  const site = await startFixtureSite();
  const researcher = createResearcher({
    allowPrivate: true,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: 5 * 1024 * 1024,
    maxPages: config.maxPages,
    userAgent: 'QuarryBot/0.1 (+https://github.com/quarry)',
    hostDelayMs: config.hostDelayMs,
    browser: { ...config.browser, mode: config.browser.mode === 'off' ? 'off' : 'auto' },
  });
  const run = async (turbo: boolean) => {
    const results: ResearchResult[] = [];
    const t0 = performance.now();
    for (const c of QUALITY_CASES) {
      const queries: ResearchQuery[] = c.fields.map((f) => ({
        keyword: f.keyword,
        query: f.query,
        type: f.type,
      }));
      results.push(await researcher.research({ url: `${site.url}${c.path}`, queries, list: false, turbo }));
    }
    return { results, ms: performance.now() - t0 };
  };

  await run(false); // warm-up: browser launch, robots.txt and sitemap caches, JIT
  const normalTimes: number[] = [];
  const turboTimes: number[] = [];
  let normal: ResearchResult[] = [];
  let turbo: ResearchResult[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const n = await run(false);
    const t = await run(true);
    normal = n.results;
    turbo = t.results;
    normalTimes.push(n.ms);
    turboTimes.push(t.ms);
  }

  const tally = new Map<Field, { normal: number; turbo: number; total: number; misses: string[] }>();
  let missingProvenance = 0;
  QUALITY_CASES.forEach((c, i) => {
    for (const f of c.fields) {
      const row = tally.get(f.field) ?? { normal: 0, turbo: 0, total: 0, misses: [] };
      row.total++;
      const n = normal[i]!;
      if (judge(f, n)) row.normal++;
      else row.misses.push(`${c.path} ${f.keyword}=${JSON.stringify(n.data[f.keyword])}`);
      if (judge(f, turbo[i]!)) row.turbo++;
      tally.set(f.field, row);
    }
    for (const r of [normal[i]!, turbo[i]!]) {
      for (const [k, v] of Object.entries(r.data)) if (v !== null && !r.sources[k]) missingProvenance++;
    }
  });

  const pages = new Set(QUALITY_CASES.map((c) => c.path)).size;
  const browserPages = normal.flatMap((r) => r.pages).filter((p) => p.via === 'browser').length;
  console.log(
    `# Quarry answer quality — offline extractor — ${pages} start pages, ${QUALITY_CASES.reduce((n, c) => n + c.fields.length, 0)} fields, ${ROUNDS} rounds`,
  );
  console.log(
    `${'field'.padEnd(14)} ${'n'.padStart(4)} ${'normal'.padStart(8)} ${'turbo'.padStart(8)} ${'target'.padStart(8)}  verdict`,
  );
  let allMet = true;
  for (const [field, row] of [...tally.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const acc = row.normal / row.total;
    const target = TARGETS[field];
    const met = target === undefined || acc >= target;
    allMet &&= met;
    console.log(
      `${field.padEnd(14)} ${String(row.total).padStart(4)} ${pct(acc).padStart(8)} ${pct(row.turbo / row.total).padStart(8)} ${(target ? `≥${pct(target)}` : '—').padStart(8)}  ${target ? (met ? 'meets target' : 'BELOW TARGET') : ''}`,
    );
  }
  const normalMs = median(normalTimes);
  const turboMs = median(turboTimes);
  const ratio = turboMs / normalMs;
  console.log('');
  console.log(`non-empty answers without provenance: ${missingProvenance}`);
  console.log(`pages rendered in the browser (normal mode): ${browserPages}`);
  console.log(
    `wall time, whole set (median of ${ROUNDS}): normal ${normalMs.toFixed(0)} ms, turbo ${turboMs.toFixed(0)} ms`,
  );
  console.log(
    `turbo / normal = ${ratio.toFixed(2)} (target ≤ 0.55) ${ratio <= 0.55 ? 'meets target' : 'BELOW TARGET'}`,
  );
  const misses = [...tally.entries()].flatMap(([field, row]) => row.misses.map((m) => `  ${field}: ${m}`));
  if (misses.length > 0) console.log(`\nmisses (normal mode):\n${misses.join('\n')}`);
  await researcher.close();
  await site.close();
  return allMet && ratio <= 0.55 && missingProvenance === 0;
}

async function main() {
  const only = process.env.QUALITY_ONLY ?? '';
  if (only !== '' && only !== 'fixture' && only !== 'corpora' && only !== 'planner') {
    throw new Error('QUALITY_ONLY must be fixture, corpora or planner');
  }
  // Read the corpora options first: a typo in them fails before the fixture section's minutes.
  const corpora = only === '' || only === 'corpora' ? corporaOptions() : null;
  let ok = true;
  if (only === '' || only === 'fixture') ok = (await fixtureSection()) && ok;
  if (corpora) ok = (await runCorporaSection(corpora)) && ok;
  if (only === '' || only === 'planner') ok = (await runPlannerSection(plannerOptions([]))) && ok;
  process.exit(ok ? 0 : 1);
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

await main();
