// Edits to the task as a whole: inputs, list shape, and its name.

import type { InputType } from '@/lib/contract/task-definition';
import { newName } from './edit-outputs';
import { existingInputs, MAX_INPUTS, oneInput, quote, refuse, type EditState } from './edit-state';
import { contextSuffix, inputFromPhrase, primaryInput } from './inputs';
import { planColumns } from './list-shape';
import { matchInput, referenceText } from './match';
import { listNames } from './names';
import { addInputContext, placeholders, removeInputContext, renameInputReferences } from './query-text';
import { makeSubject, resubject, type Subject } from './subject';

export function addInput(state: EditState, phrase: string, type: InputType | undefined): void {
  const { def } = state;
  const input = inputFromPhrase(referenceText(phrase), type);
  if (!input)
    refuse(`Could not make an input from ${quote(phrase)}; name it, for example 'add an input country'.`);
  const existing = def.inputs.find((i) => i.name === input.name);
  if (existing) {
    state.notes.push(`input \`${existing.name}\` already exists (${existing.type})`);
    return;
  }
  if (def.inputs.length >= MAX_INPUTS) refuse(`A task can have at most ${MAX_INPUTS} inputs.`);
  def.inputs.push(input);
  // A non-primary input is only useful if the questions mention it.
  if (primaryInput(def.inputs)?.name !== input.name) {
    for (const output of def.outputs) output.query = addInputContext(output.query, input);
  }
  state.changes.push(`added input \`${input.name}\` (${input.type})`);
}

export function removeInput(state: EditState, target: string): void {
  const { def } = state;
  const input = oneInput(def, matchInput(def.inputs, target), target, 'remove');
  if (def.inputs.length === 1) {
    refuse(
      `Cannot remove \`${input.name}\`: it is the only input, and a task needs at least one. Add another input first.`,
    );
  }
  def.inputs = def.inputs.filter((i) => i.name !== input.name);
  for (const output of def.outputs) output.query = removeInputContext(output.query, input);
  const stillUsing = def.outputs.filter((o) => placeholders(o.query).includes(input.name));
  if (stillUsing.length > 0) {
    refuse(
      `Cannot remove input \`${input.name}\`: the query of ${listNames(stillUsing.map((o) => o.name))} still uses {${input.name}}. Change that query first.`,
    );
  }
  state.changes.push(`removed input \`${input.name}\``);
}

export function renameInput(state: EditState, from: string, to: string): void {
  const { def } = state;
  const input = oneInput(def, matchInput(def.inputs, from), from, 'rename');
  const name = newName(to, 'input');
  if (name === input.name) {
    state.notes.push(`input \`${name}\` is already named \`${name}\``);
    return;
  }
  if (def.inputs.some((i) => i.name === name)) {
    refuse(
      `Cannot rename input \`${input.name}\` to \`${name}\`: an input named \`${name}\` already exists. ${existingInputs(def)}`,
    );
  }
  const renamed = { ...input, name };
  for (const output of def.outputs) output.query = renameInputReferences(output.query, input, renamed);
  def.inputs = def.inputs.map((i) => (i.name === input.name ? renamed : i));
  state.changes.push(`renamed input \`${input.name}\` to \`${name}\``);
}

/** "make it a list of products with name and price": rows of `item`, with the given columns. */
export function makeList(
  state: EditState,
  item: string | undefined,
  columns: string | undefined,
  addName: boolean,
): void {
  const { def } = state;
  const noun = item ?? 'item';
  const subject = makeSubject(noun, true);
  if (!columns?.trim()) {
    if (def.list) {
      state.notes.push('the task is already list-shaped');
      return;
    }
    def.list = true;
    if (item) resubjectOutputs(state, subject);
    state.subject = subject;
    state.changes.push(
      `made the task list-shaped (one row per ${noun}); the existing outputs are now its columns`,
    );
    return;
  }
  const planned = planColumns(columns, addName, { subject, allowCustom: true, allowBareX: state.allowBareX });
  if (planned.length === 0) refuse(`Could not tell which columns to extract from ${quote(columns)}.`);
  const suffix = contextSuffix(def.inputs);
  const outputs = planned.map((p) => ({ ...p.output, query: `${p.output.query}${suffix}` }));
  const same =
    def.list &&
    outputs.length === def.outputs.length &&
    outputs.every((o, i) => def.outputs[i]?.name === o.name && def.outputs[i]?.type === o.type);
  if (same) {
    state.notes.push(`the task is already a list with columns ${listNames(outputs.map((o) => o.name))}`);
    return;
  }
  if (!def.list) state.changes.push(`made the task list-shaped (one row per ${noun})`);
  const columnsText = listNames(outputs.map((o) => o.name));
  state.changes.push(
    `replaced outputs ${listNames(def.outputs.map((o) => o.name))} with columns ${columnsText}`,
  );
  def.outputs = outputs;
  def.list = true;
  state.subject = subject;
}

export function makeSingle(state: EditState): void {
  const { def } = state;
  if (!def.list) {
    state.notes.push('the task already returns a single result');
    return;
  }
  def.list = false;
  resubjectOutputs(state, makeSubject(state.subject.noun, false));
  state.changes.push('made the task return a single result instead of a list');
}

/** Questions written for "the company" now ask about "each product" (or back). */
function resubjectOutputs(state: EditState, to: Subject): void {
  for (const output of state.def.outputs) {
    output.query = resubject(output.query, state.subject, to);
    output.description = resubject(output.description, state.subject, to);
  }
  state.subject = to;
}

export function renameTask(state: EditState, name: string): void {
  const value = name.trim().replace(/[.!]+$/, '');
  if (!value) refuse('The new task name is empty.');
  if (value.length > 200) refuse(`The new task name is too long (${value.length} characters; at most 200).`);
  if (state.def.name === value) {
    state.notes.push(`the task is already named ${quote(value)}`);
    return;
  }
  state.def.name = value;
  state.changes.push(`renamed the task to ${quote(value)}`);
}
