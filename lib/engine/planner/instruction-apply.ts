// Instruction → edited definition. The current definition is never mutated: edits run on a copy,
// all-or-nothing; an instruction that is not understood, names something missing, or changes
// nothing is refused with a message saying why.

import { TaskDefinitionSchema, type TaskDefinition } from '@/lib/contract/task-definition';
import {
  addOutputs,
  formatOutputs,
  keepOnly,
  moveOutput,
  redefine,
  removeOutputs,
  renameOutput,
  retype,
  setDescription,
  setQuery,
  askPerInput,
} from './edit-outputs';
import { EditRefusal, quote, type EditState } from './edit-state';
import { addInput, makeList, makeSingle, removeInput, renameInput, renameTask } from './edit-task';
import { finalise } from './finalise';
import { parseInstruction, type EditOp } from './instruction-parse';
import { detectListShape, listItem } from './list-shape';
import { describeOp, EDIT_FORMS, MAX_TEXT, notChanged, tooLong } from './messages';
import { humanise } from './names';
import { detectSubject, makeSubject, type Subject } from './subject';

export type EditResult =
  { ok: true; definition: TaskDefinition; changes: string[] } | { ok: false; message: string };

const SOCIAL_WORDS = /\b(?:linkedin|facebook|instagram|youtube|twitter|tiktok|github|pinterest|social)\b/i;

function subjectOf(def: TaskDefinition): Subject {
  if (def.list) return makeSubject(detectListShape(def.description)?.item ?? rowItem(def) ?? 'item', true);
  return detectSubject(def.description, def.inputs);
}

/** The row noun when the description does not read as a list: "for each pricing plan …", "plan_name". */
function rowItem(def: TaskDefinition): string | undefined {
  const each = /\b(?:for\s+)?(?:each|every|one\s+row\s+per)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)/i.exec(
    def.description,
  );
  const fromText = each?.[1] ? listItem(each[1].replace(/\s+(?:its|their|with|and)$/i, '')) : undefined;
  if (fromText) return fromText;
  const named = def.outputs.find(
    (o) => o.scope !== 'task' && /^[a-z]+_name$/.test(o.name) && o.name !== 'company_name',
  );
  return named ? named.name.replace(/_name$/, '') : undefined;
}

function applyOp(state: EditState, op: EditOp): void {
  switch (op.kind) {
    case 'add':
      return addOutputs(state, op.items, op.replacing);
    case 'keep':
      return keepOnly(state, op.targets);
    case 'use-input':
      return askPerInput(state, op.target, op.input);
    case 'move':
      return moveOutput(state, op.target, op.to);
    case 'remove':
      return removeOutputs(state, op.targets, op.except);
    case 'rename':
      return renameOutput(state, op.from, op.to);
    case 'retype':
      return retype(state, op.target, op.type);
    case 'set-query':
      return setQuery(state, op.target, op.query);
    case 'set-description':
      return setDescription(state, op.target, op.description);
    case 'format':
      return formatOutputs(state, op.target, op.guidance);
    case 'redefine':
      return redefine(state, op.target, op.meaning);
    case 'add-input':
      return addInput(state, op.phrase, op.type);
    case 'remove-input':
      return removeInput(state, op.target);
    case 'rename-input':
      return renameInput(state, op.from, op.to);
    case 'list':
      return makeList(state, op.item, op.columns, op.addName);
    case 'single':
      return makeSingle(state);
    case 'rename-task':
      return renameTask(state, op.name);
  }
}

export function applyInstruction(current: TaskDefinition, instruction: string): EditResult {
  if (typeof instruction !== 'string' || instruction.trim().length === 0) {
    return { ok: false, message: `The instruction is empty. Say what to change, for example ${EDIT_FORMS}.` };
  }
  if (instruction.length > MAX_TEXT)
    return { ok: false, message: tooLong('instruction', instruction.length) };
  const valid = TaskDefinitionSchema.safeParse(current);
  if (!valid.success)
    return { ok: false, message: 'The current task definition is not valid, so it cannot be edited.' };

  const { ops, unknown } = parseInstruction(instruction, {
    outputs: valid.data.outputs,
    inputs: valid.data.inputs.map((i) => humanise(i.name)),
    ...(valid.data.list ? { item: subjectOf(valid.data).noun } : {}),
  });
  // All or nothing: a clause that is not understood refuses the whole instruction, saying which
  // parts were understood, so the analyst can rephrase only the rest.
  if (unknown.length > 0 || ops.length === 0) {
    return {
      ok: false,
      message: notChanged(
        ops.map((op) => describeOp(op)),
        unknown.length > 0 ? unknown : [instruction],
      ),
    };
  }

  // structuredClone: the caller's definition stays untouched whatever happens below.
  const state: EditState = {
    def: structuredClone(valid.data),
    subject: subjectOf(valid.data),
    allowBareX: SOCIAL_WORDS.test(instruction),
    changes: [],
    notes: [],
  };
  try {
    for (const op of ops) applyOp(state, op);
  } catch (error) {
    if (!(error instanceof EditRefusal)) throw error;
    if (error.unclear === undefined)
      return { ok: false, message: `${error.message} The task was not changed.` };
    const understood = ops.map((op) => describeOp(op, error.unclear)).filter((d) => d.length > 0);
    return { ok: false, message: notChanged(understood, [error.unclear]) };
  }
  if (state.changes.length === 0) {
    const why = state.notes.length > 0 ? state.notes.join('; ') : 'the instruction would not change the task';
    return { ok: false, message: `Nothing to change: ${why}. The task was not changed.` };
  }
  const result = finalise(state.def);
  if (!result.ok) return result;
  const skipped = state.notes.map((n) => `unchanged: ${n}`);
  return { ok: true, definition: result.definition, changes: [...state.changes, ...skipped] };
}
