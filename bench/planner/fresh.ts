// Shared by the planner's fresh-phrasing tests (lib/engine/planner/fresh-*.test.ts): a compact way to
// write an expected field, the fields many phrasings ask for, and the one pass check, so every fresh
// phrasing is judged by the benchmark's own rules (score.ts).
import { describe, expect, it } from 'vitest';
import type { OutputScope, OutputType, TaskDefinition } from '../../lib/contract/task-definition';
import { applyInstruction, planFromDescription } from '../../lib/engine/planner/index';
import { loadBases } from './cases';
import { scoreCase, type Answer, type BenchCase, type ExpectedField, type Lang } from './score';

/** 'name|other:type|type@task' → an expected field. */
export function field(spec: string): ExpectedField {
  const [body, scope] = spec.split('@');
  const [names, types] = body!.split(':');
  return {
    names: names!.split('|'),
    ...(types ? { types: types.split('|') as OutputType[] } : {}),
    ...(scope ? { scope: scope as OutputScope } : {}),
  };
}

export const EMAIL = 'email|email_address|contact_email:email';
export const PHONE = 'phone|phone_number|main_phone|contact_phone|telephone:phone';
export const FOUNDED = 'founded_year|founding_year|year_founded:number|date';

/** Fails with the scorer's reason unless the plan passes the case. */
export function expectPass(c: BenchCase, plan: Answer, base?: TaskDefinition): void {
  const verdict = scoreCase(c, plan, base);
  expect(verdict.reason, verdict.reason).toBe(verdict.pass ? verdict.reason : 'pass');
}

/** A description phrasing: [language, description, list, expected fields, expected inputs (when checked)]. */
export type DescribeRule = [Lang, string, boolean, string[], string[]?];

/** An edit phrasing on a named base (bench/planner/bases.json): every field after the edit. */
export type EditRule = {
  lang: Lang;
  base: string;
  text: string;
  fields: string[];
  list?: boolean;
  inputs?: string[];
  /** Fields whose question may change (a filter on a new input narrows the row questions). */
  touched?: string[];
  /** The instruction asks for nothing the planner can do: it must be refused with a message. */
  refused?: true;
  /** Fields that must gain formatting guidance (or a new question). */
  format?: string[];
  /** New name → the base field it renames (its question and format must be kept). */
  renamed?: Record<string, string>;
};

/** One vitest group per rule; a phrasing in `gaps` is an expected failure, so a fix shows up. */
export function describeRuleGroups(
  rules: Record<string, DescribeRule[]>,
  gaps: ReadonlySet<string> = new Set(),
): void {
  for (const [rule, cases] of Object.entries(rules)) {
    describe(`fresh rule: ${rule}`, () => {
      cases.forEach(([lang, text, list, fields, inputs], i) => {
        (gaps.has(text) ? it.fails : it)(text, () => {
          const c: BenchCase = {
            id: `rule-d-${i}`,
            kind: 'describe',
            lang,
            category: 'fresh',
            text,
            expect: {
              list,
              fields: fields.map(field),
              ...(inputs ? { inputs: inputs.map((spec) => field(spec)) } : {}),
            },
          };
          expectPass(c, planFromDescription(text));
        });
      });
    });
  }
}

/** Edit phrasings, one vitest group per rule, scored like describeRuleGroups. */
export function editRuleGroups(
  rules: Record<string, EditRule[]>,
  gaps: ReadonlySet<string> = new Set(),
): void {
  const bases = loadBases();
  for (const [rule, cases] of Object.entries(rules)) {
    describe(`fresh edit rule: ${rule}`, () => {
      cases.forEach((e, i) => {
        (gaps.has(e.text) ? it.fails : it)(`${e.base}: ${e.text}`, () => {
          const c: BenchCase = {
            id: `rule-e-${i}`,
            kind: 'edit',
            lang: e.lang,
            category: 'fresh',
            base: e.base,
            text: e.text,
            expect: e.refused
              ? { refused: true }
              : {
                  fields: e.fields.map((spec) => {
                    const f = field(spec);
                    const from = e.renamed?.[f.names[0] ?? ''];
                    return from ? { ...f, from } : f;
                  }),
                  ...(e.format ? { format: Object.fromEntries(e.format.map((f) => [f, true])) } : {}),
                  ...(e.list !== undefined ? { list: e.list } : {}),
                  ...(e.inputs ? { inputs: e.inputs.map((spec) => field(spec)) } : {}),
                  ...(e.touched ? { touched: e.touched } : {}),
                },
          };
          expectPass(c, applyInstruction(structuredClone(bases[e.base]!), e.text), bases[e.base]);
        });
      });
    });
  }
}
