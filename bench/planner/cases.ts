// Loads the planner benchmark's bases and cases and checks them, so a typo in a case fails loudly
// instead of scoring as a planner miss.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TaskDefinitionSchema, type TaskDefinition } from '../../lib/contract/task-definition';
import type { BenchCase } from './score';

export type Split = 'dev' | 'holdout';
export interface SplitCase extends BenchCase {
  split: Split;
  file: string;
}

// Held-out sets whose score was read often enough to steer work were opened for tuning and joined dev
// (dev-2, then dev-3, which was holdout-2). The held-out sets were each written blind by people who had
// seen neither the planner nor the other cases: holdout-3, read only at session ends, and holdout-4.
export const SPLIT_FILES: Record<Split, string[]> = {
  dev: [
    'cases-dev.json',
    'cases-dev-2.json',
    'cases-dev-3-describe.json',
    'cases-dev-3-edit.json',
    'cases-dev-4-describe.json',
    'cases-dev-4-edit.json',
  ],
  holdout: [
    'cases-holdout-3-describe.json',
    'cases-holdout-3-edit.json',
    'cases-holdout-4-describe.json',
    'cases-holdout-4-edit.json',
    'cases-holdout-5-describe.json',
    'cases-holdout-5-edit.json',
  ],
};

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const LANGS = new Set(['en', 'de', 'fr', 'es']);
export const CATEGORIES: Record<BenchCase['kind'], string[]> = {
  describe: ['scalars', 'list', 'mixed', 'boolean', 'format', 'inputs', 'refuse'],
  edit: ['add', 'remove', 'rename', 'retype', 'format', 'replace', 'list-column', 'input', 'refuse'],
};

export function loadBases(): Record<string, TaskDefinition> {
  const raw = JSON.parse(readFileSync(here('./bases.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).map(([id, d]) => [id, TaskDefinitionSchema.parse(d)]));
}

export function loadCases(splits: Split[], bases: Record<string, TaskDefinition>): SplitCase[] {
  const all = splits.flatMap((split) =>
    SPLIT_FILES[split].flatMap((file) =>
      (JSON.parse(readFileSync(here(`./${file}`), 'utf8')) as BenchCase[]).map((c) => ({
        ...c,
        split,
        file,
      })),
    ),
  );
  const ids = new Set<string>();
  for (const c of all) {
    const problem = caseProblem(c, bases);
    if (problem) throw new Error(`bench/planner/${c.file}: case ${c.id}: ${problem}`);
    if (ids.has(c.id)) throw new Error(`bench/planner: duplicate case id ${c.id}`);
    ids.add(c.id);
  }
  return all;
}

export function caseProblem(c: BenchCase, bases: Record<string, TaskDefinition>): string | null {
  if (!c.id || !c.text?.trim()) return 'id and text are required';
  if (c.kind !== 'describe' && c.kind !== 'edit') return `kind ${String(c.kind)}`;
  if (!LANGS.has(c.lang)) return `lang ${String(c.lang)}`;
  if (!CATEGORIES[c.kind].includes(c.category)) return `category ${String(c.category)} for ${c.kind}`;
  if (c.kind === 'edit' && (!c.base || !bases[c.base])) return `unknown base ${String(c.base)}`;
  if (c.kind === 'describe' && c.base) return 'a describe case has no base';
  const e = c.expect;
  if (e.refused) return c.category === 'refuse' ? null : 'a refusal belongs in category refuse';
  if (c.category === 'refuse') return 'category refuse expects a refusal';
  if (!Array.isArray(e.fields) || e.fields.length === 0) return 'expect.fields is empty';
  if (e.fields.some((f) => !Array.isArray(f.names) || f.names.length === 0)) return 'a field without names';
  const named = (key: string) => e.fields.some((f) => f.names.includes(key));
  const keys = [...Object.keys(e.format ?? {}), ...(e.query_changed ?? []), ...(e.touched ?? [])];
  const stray = keys.find((k) => !named(k));
  if (stray) return `${stray} in format/query_changed/touched names no expected field`;
  const base = c.base ? bases[c.base] : undefined;
  const badFrom = e.fields.find((f) => f.from && !base?.outputs.some((o) => o.name === f.from));
  if (badFrom) return `from ${badFrom.from} is not a field of base ${c.base}`;
  return null;
}
