// The edit operations an instruction is read into, and what its clauses are read against.

import type { InputType, OutputType, TaskOutput } from '@/lib/contract/task-definition';

/** A phrase naming a new output, with formatting guidance given with it ("…, as one short phrase"). */
export interface AddItem {
  phrase: string;
  format?: string;
  /** "(once, not per job)": asked once for the page, or "(for each job)" per row, in a list task. */
  scope?: 'task' | 'row';
}

export type EditOp =
  | { kind: 'add'; items: AddItem[]; replacing?: string }
  | { kind: 'remove'; targets: string[]; except?: string[] }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'retype'; target: string; type: OutputType }
  | { kind: 'set-query'; target: string; query: string }
  | { kind: 'set-description'; target: string; description: string }
  | { kind: 'format'; target: string; guidance: string }
  | { kind: 'redefine'; target: string; meaning: string }
  | { kind: 'add-input'; phrase: string; type?: InputType }
  | { kind: 'remove-input'; target: string }
  | { kind: 'rename-input'; from: string; to: string }
  | { kind: 'keep'; targets: string[] }
  | { kind: 'use-input'; target: string; input: string }
  | { kind: 'move'; target: string; to: 'first' | 'last' | { before: string } | { after: string } }
  | { kind: 'list'; item?: string; columns?: string; addName: boolean }
  | { kind: 'single' }
  | { kind: 'rename-task'; name: string };

export interface ParsedInstruction {
  ops: EditOp[];
  /** Clauses that matched no form. */
  unknown: string[];
}

/** What a clause is read against: the outputs tell "the phone in international format" from an addition. */
export interface ParseContext {
  outputs: readonly TaskOutput[];
  /** Input names the task has, and those the instruction adds as it is read. */
  inputs?: string[];
  /** The row noun of a list task ("product"): "only list products in that category" is about every row. */
  item?: string;
}

export type ClauseParser = (text: string, ctx: ParseContext) => EditOp[] | undefined;
