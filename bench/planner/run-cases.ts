// Runs benchmark cases through a planner (the offline functions or a model Planner) and scores them.
import { isDeepStrictEqual } from 'node:util';
import type { TaskDefinition } from '../../lib/contract/task-definition';
import { applyInstruction, planFromDescription } from '../../lib/engine/planner';
import type { Planner } from '../../lib/engine/llm/model-planner';
import type { SplitCase } from './cases';
import { scoreCase, type Answer, type Verdict } from './score';

export interface Scored {
  c: SplitCase;
  verdict: Verdict;
  /** Which planner answered (model path only). */
  plannedBy?: 'model' | 'offline';
  ms: number;
}

const answerOf = (r: { ok: true; definition: TaskDefinition } | { ok: false; message: string }): Answer =>
  r.ok ? { ok: true, definition: r.definition } : { ok: false, message: r.message };

function checked(
  c: SplitCase,
  base: TaskDefinition | undefined,
  before: TaskDefinition | undefined,
  verdict: Verdict,
) {
  // An edit must never change the definition it was given, whatever it returns.
  if (base && !isDeepStrictEqual(base, before))
    return { pass: false, reason: 'the base definition was mutated' };
  return verdict;
}

export function runOffline(cases: SplitCase[], bases: Record<string, TaskDefinition>): Scored[] {
  return cases.map((c) => {
    const base = c.base ? structuredClone(bases[c.base]!) : undefined;
    const t0 = performance.now();
    let answer: Answer;
    try {
      answer = answerOf(c.kind === 'edit' ? applyInstruction(base!, c.text) : planFromDescription(c.text));
    } catch (err) {
      return {
        c,
        verdict: { pass: false, reason: `threw: ${(err as Error).message}` },
        ms: performance.now() - t0,
      };
    }
    const ms = performance.now() - t0;
    return { c, verdict: checked(c, base, bases[c.base ?? ''], scoreCase(c, answer, base)), ms };
  });
}

export async function runPlanner(
  planner: Planner,
  cases: SplitCase[],
  bases: Record<string, TaskDefinition>,
  concurrency: number,
): Promise<Scored[]> {
  const out: Scored[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const c = cases[i]!;
      const base = c.base ? structuredClone(bases[c.base]!) : undefined;
      const t0 = performance.now();
      try {
        const r =
          c.kind === 'edit'
            ? await planner.applyInstruction(base!, c.text)
            : await planner.planFromDescription(c.text);
        const verdict = checked(c, base, bases[c.base ?? ''], scoreCase(c, answerOf(r), base));
        out[i] = { c, verdict, plannedBy: r.planner, ms: performance.now() - t0 };
      } catch (err) {
        out[i] = {
          c,
          verdict: { pass: false, reason: `threw: ${(err as Error).message}` },
          ms: performance.now() - t0,
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return out;
}
