// Shared by the planner's fresh-phrasing tests (lib/engine/planner/fresh-*.test.ts): a compact way to
// write an expected field, the fields many phrasings ask for, and the one pass check, so every fresh
// phrasing is judged by the benchmark's own rules (score.ts).
import { expect } from 'vitest';
import type { OutputScope, OutputType, TaskDefinition } from '../../lib/contract/task-definition';
import { scoreCase, type Answer, type BenchCase, type ExpectedField } from './score';

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
