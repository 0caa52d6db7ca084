// The offline, rule-based planner: task definitions from plain-language descriptions and edits
// from plain-language instructions. A model-backed planner can later sit behind the same functions.

import type { TaskDefinition } from '@/lib/contract/task-definition';
import { planFromDescription as planDescription } from './describe';
import { applyInstruction as applyEdit, type EditResult } from './instruction-apply';

export type PlanResult = { ok: true; definition: TaskDefinition } | { ok: false; message: string };
export type { EditResult };

/** A new task definition from a description such as "Find the contact email and phone number". */
export function planFromDescription(description: string): PlanResult {
  return planDescription(description);
}

/** A new version of `current` edited by an instruction such as "also extract the CEO name"; never mutates it. */
export function applyInstruction(current: TaskDefinition, instruction: string): EditResult {
  return applyEdit(current, instruction);
}

export { nameForDefinition } from './task-name';
