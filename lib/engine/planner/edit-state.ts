// Shared state and helpers of one instruction's edits. Edits work on a copy of the definition;
// each operation reports applied changes, or notes when it changed nothing, or a refusal.

import type { TaskDefinition, TaskInput, TaskOutput } from '@/lib/contract/task-definition';
import { matchOutput, type MatchResult } from './match';
import { listNames } from './names';
import type { Subject } from './subject';

export interface EditState {
  def: TaskDefinition;
  /** What queries of newly added outputs are about; changes when the task becomes a list. */
  subject: Subject;
  allowBareX: boolean;
  changes: string[];
  /** Operations that changed nothing ("`email` already exists"). */
  notes: string[];
  /** The output the previous operation touched: what "it" means in "add X and make it a number". */
  last?: string;
  /** Replaced fields that were renamed in place ("replace company with employer"), not removed. */
  renamedInPlace?: Set<string>;
}

export class EditRefusal extends Error {
  /** The words that were not understood, when that is the reason (an addition naming nothing). */
  readonly unclear?: string;
  constructor(message: string, unclear?: string) {
    super(message);
    if (unclear !== undefined) this.unclear = unclear;
  }
}

export function refuse(message: string, unclear?: string): never {
  throw new EditRefusal(message, unclear);
}

export const MAX_OUTPUTS = 100;
export const MAX_INPUTS = 20;

export function existingOutputs(def: TaskDefinition): string {
  return def.outputs.length > 0
    ? `Existing outputs: ${listNames(def.outputs.map((o) => o.name))}.`
    : 'The task has no outputs.';
}

export function existingInputs(def: TaskDefinition): string {
  return `Existing inputs: ${listNames(def.inputs.map((i) => i.name))}.`;
}

/** The one output a reference names, or a refusal that names the existing outputs. */
export function oneOutput(
  def: TaskDefinition,
  match: MatchResult<TaskOutput>,
  target: string,
  doing: string,
): TaskOutput {
  if (match.kind === 'one') return match.item;
  if (match.kind === 'ambiguous' || match.kind === 'group') {
    return refuse(
      `"${target}" could mean ${listNames(match.items.map((o) => o.name))}; say which one to ${doing}.`,
    );
  }
  return refuse(`There is no output "${target}" to ${doing}. ${existingOutputs(def)}`);
}

const PRONOUN = /^(?:it|that|this|this\s+one|that\s+one|the\s+new\s+one|the\s+new\s+output)$/i;

/** The one output an instruction names, where "it" is the output the previous operation touched. */
export function resolveOutput(state: EditState, target: string, doing: string): TaskOutput {
  if (PRONOUN.test(target.trim())) {
    const last = state.def.outputs.find((o) => o.name === state.last);
    if (last) return last;
    return refuse(
      `"${target.trim()}" does not refer to an output here; name the output to ${doing}. ${existingOutputs(state.def)}`,
    );
  }
  return oneOutput(state.def, matchOutput(state.def.outputs, target), target, doing);
}

export function oneInput(
  def: TaskDefinition,
  match: MatchResult<TaskInput>,
  target: string,
  doing: string,
): TaskInput {
  if (match.kind === 'one') return match.item;
  if (match.kind === 'ambiguous' || match.kind === 'group') {
    return refuse(
      `"${target}" could mean inputs ${listNames(match.items.map((i) => i.name))}; say which one to ${doing}.`,
    );
  }
  return refuse(`There is no input "${target}" to ${doing}. ${existingInputs(def)}`);
}

export function quote(text: string, max = 120): string {
  const t = text.trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}
