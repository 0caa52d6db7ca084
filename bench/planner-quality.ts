// `npx tsx bench/planner-quality.ts [--split dev|holdout|all] [--verbose] [--show-holdout]`, also the
// planner section of `npm run bench:quality` (QUALITY_ONLY=planner): the offline planner on analyst-written
// descriptions and edit instructions in four languages (bench/planner/README.md), then the model path —
// a configured model (QUARRY_BENCH_LLM_BASE_URL, QUARRY_BENCH_LLM_MODEL, QUARRY_BENCH_LLM_KEY), or else a
// model endpoint that answers 500, which must fall back to the offline planner on every case.
import { pathToFileURL } from 'node:url';
import { createPlanner } from '../lib/engine/llm/model-planner';
import type { LlmSettings } from '../lib/engine/llm/types';
import { loadBases, loadCases, type Split } from './planner/cases';
import { startFailingModel } from './planner/failing-model';
import { printSplit, printTarget, rate } from './planner/report';
import { runOffline, runPlanner, type Scored } from './planner/run-cases';

const TARGET = 0.95;

export interface PlannerOptions {
  splits: Split[];
  verbose: boolean;
  showHoldout: boolean;
}

export function plannerOptions(argv: string[]): PlannerOptions {
  const at = argv.indexOf('--split');
  const split = at >= 0 ? argv[at + 1] : 'all';
  if (split !== 'dev' && split !== 'holdout' && split !== 'all')
    throw new Error('--split must be dev, holdout or all');
  return {
    splits: split === 'all' ? ['dev', 'holdout'] : [split],
    verbose: argv.includes('--verbose'),
    showHoldout: argv.includes('--show-holdout'),
  };
}

function printAll(label: string, scored: Scored[], opts: PlannerOptions) {
  for (const split of opts.splits)
    printSplit(
      label,
      split,
      scored.filter((r) => r.c.split === split),
      opts,
    );
}

/** Prints the section; true when the offline pass rate over the chosen cases meets the target. */
export async function runPlannerSection(opts: PlannerOptions): Promise<boolean> {
  const bases = loadBases();
  const cases = loadCases(opts.splits, bases);
  const count = (kind: string) => cases.filter((c) => c.kind === kind).length;
  console.log('');
  console.log(
    `# Planner — ${cases.length} cases (${count('describe')} descriptions, ${count('edit')} edit instructions; en/de/fr/es), splits: ${opts.splits.join(', ')}`,
  );

  const offline = runOffline(cases, bases);
  const ms = offline.reduce((s, r) => s + r.ms, 0);
  printAll('offline planner', offline, opts);
  console.log(`\noffline planner: ${(ms / cases.length).toFixed(1)} ms per case`);
  const met = printTarget('offline pass rate, all chosen cases', offline, TARGET);

  const baseUrl = process.env.QUARRY_BENCH_LLM_BASE_URL;
  if (baseUrl) {
    const llm: LlmSettings = {
      provider: 'openai-compatible',
      baseUrl,
      model: process.env.QUARRY_BENCH_LLM_MODEL ?? '',
      turboModel: process.env.QUARRY_BENCH_LLM_MODEL ?? '',
      apiKey: process.env.QUARRY_BENCH_LLM_KEY,
      tokenBudget: 8000,
    };
    if (!llm.model) throw new Error('QUARRY_BENCH_LLM_MODEL is required with QUARRY_BENCH_LLM_BASE_URL');
    const t0 = performance.now();
    const model = await runPlanner(createPlanner(llm), cases, bases, 4);
    printAll(`model planner (${llm.model})`, model, opts);
    const fellBack = model.filter((r) => r.plannedBy === 'offline').length;
    console.log(
      `\nmodel path (${llm.model} at ${baseUrl}): pass ${(rate(model) * 100).toFixed(1)}%, fell back to offline on ${fellBack}/${model.length} cases, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } else {
    console.log(
      '\nmodel path: not measured (no model configured: set QUARRY_BENCH_LLM_BASE_URL, QUARRY_BENCH_LLM_MODEL and QUARRY_BENCH_LLM_KEY to measure it)',
    );
    const down = await startFailingModel();
    try {
      // No retries: the endpoint fails by design, and backoff would only add minutes.
      const llm: LlmSettings = {
        provider: 'openai-compatible',
        baseUrl: down.baseUrl,
        model: 'bench-unavailable',
        turboModel: 'bench-unavailable',
        tokenBudget: 8000,
        maxAttempts: 1,
        providerRetries: 0,
        timeoutMs: 10_000,
      };
      const fallback = await runPlanner(createPlanner(llm), cases, bases, 4);
      const fellBack = fallback.filter((r) => r.plannedBy === 'offline').length;
      const same = fallback.filter((r, i) => r.verdict.pass === offline[i]!.verdict.pass).length;
      const ok = fellBack === cases.length && same === cases.length;
      console.log(
        `fallback path (model endpoint answering 500, ${down.requests()} requests): fell back on ${fellBack}/${cases.length} cases, ` +
          `pass ${(rate(fallback) * 100).toFixed(1)}% (offline ${(rate(offline) * 100).toFixed(1)}%), same verdict as offline on ${same}/${cases.length} ` +
          `${ok ? 'as expected' : 'UNEXPECTED'}`,
      );
      return met && ok;
    } finally {
      await down.close();
    }
  }
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await runPlannerSection(plannerOptions(process.argv.slice(2)));
  process.exit(ok ? 0 : 1);
}
