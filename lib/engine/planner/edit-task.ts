// Edits to the task as a whole: inputs, list shape, and its name.

import type { InputType, TaskOutput } from '@/lib/contract/task-definition';
import { newName } from './edit-outputs';
import {
  existingInputs,
  MAX_INPUTS,
  MAX_OUTPUTS,
  oneInput,
  quote,
  refuse,
  type EditState,
} from './edit-state';
import { planPhrase } from './fields';
import type { PhraseContext } from './planned-output';
import { contextSuffix, inputFromPhrase } from './inputs';
import { planColumns } from './list-shape';
import { matchInput, referenceText } from './match';
import { canonical, humanise, listNames, toIdentifier } from './names';
import { lookupField } from './vocabulary';
import { placeholders, removeInputContext, renameInputReferences } from './query-text';
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
  // The questions change only where the instruction says so ("give the phone number for that
  // country"): an edit keeps every output it does not mention.
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

/**
 * "for each plan also return its price", "make it a list of products with name and price": rows of
 * `item` with the given columns. Nothing the instruction does not name is dropped: on a single-result
 * task the existing outputs stay, asked once for the whole page (scope "task"), except a list output
 * of the items themselves ("pricing_plans"), which becomes the rows' name column.
 */
export function makeList(
  state: EditState,
  item: string | undefined,
  columns: string | undefined,
  addName: boolean,
): void {
  const { def } = state;
  const noun = item ?? (def.list ? state.subject.noun : 'item');
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
  const ctx = { subject, allowCustom: true, allowBareX: state.allowBareX };
  const planned = planColumns(columns, addName, ctx);
  if (planned.length === 0) refuse(`Could not tell which columns to extract from ${quote(columns)}.`);
  const suffix = contextSuffix(def.inputs);
  if (!def.list) {
    const items = def.outputs.find((o) => o.type === 'list' && namesItems(o.name, noun));
    const once = def.outputs.filter((o) => o !== items);
    for (const output of once) output.scope = 'task';
    def.list = true;
    state.subject = subject;
    state.changes.push(`made the task list-shaped (one row per ${noun})`);
    if (once.length > 0)
      state.changes.push(`${listNames(once.map((o) => o.name))} are now asked once for the whole page`);
    if (items) {
      // "one row per plan with the plan name …": the named column the instruction asks is the rows' name.
      const asked = planned.findIndex((p) => /(?:^|_)name$|^title$/.test(p.output.name));
      const [chosen] = asked >= 0 ? planned.splice(asked, 1) : [];
      const column = chosen
        ? { ...chosen.output, query: `${chosen.output.query}${suffix}` }
        : nameColumn(state, ctx, suffix, items);
      def.outputs[def.outputs.indexOf(items)] = column;
      state.changes.push(`the list \`${items.name}\` is now the rows' column \`${column.name}\``);
    }
  }
  for (const p of planned) {
    const rows = def.outputs.filter((o) => o.scope !== 'task');
    const existing = rows.find((o) => o.name === p.output.name || sameKnownField(o.name, p.output.name));
    if (existing) {
      state.notes.push(`column \`${existing.name}\` already exists (${existing.type})`);
      continue;
    }
    if (def.outputs.length >= MAX_OUTPUTS) refuse(`A task can have at most ${MAX_OUTPUTS} outputs.`);
    const name = def.outputs.some((o) => o.name === p.output.name)
      ? toIdentifier(`${noun} ${p.output.name}`)
      : p.output.name;
    def.outputs.push({ ...p.output, name, query: `${p.output.query}${suffix}` });
    state.changes.push(`added column \`${name}\` (${p.output.type})`);
    state.last = name;
  }
}

/** "pricing_plans" holds the items of rows of "pricing plan" (or "plan"); "plan_names" does too. */
function namesItems(outputName: string, noun: string): boolean {
  const have = canonical(humanise(outputName))
    .replace(/ name$/, '')
    .split(' ');
  const want = canonical(noun).split(' ');
  if (have.join(' ') === want.join(' ')) return true;
  return have[have.length - 1] === want[want.length - 1];
}

/** The rows' name column that replaces a list output of the items' names. */
function nameColumn(state: EditState, ctx: PhraseContext, suffix: string, items: TaskOutput): TaskOutput {
  const planned = planPhrase('name', ctx)[0];
  if (!planned) return refuse('Could not make a name column for the rows.');
  const taken = state.def.outputs.some((o) => o !== items && o.name === planned.output.name);
  const name = taken ? toIdentifier(`${ctx.subject.noun} name`) : planned.output.name;
  return { ...planned.output, name, query: `${planned.output.query}${suffix}` };
}

function sameKnownField(a: string, b: string): boolean {
  const known = lookupField(humanise(a));
  return known !== undefined && known.name === lookupField(humanise(b))?.name;
}

export function makeSingle(state: EditState): void {
  const { def } = state;
  if (!def.list) {
    state.notes.push('the task already returns a single result');
    return;
  }
  def.list = false;
  // Outside a list task scope means nothing, so it is dropped rather than left to mislead.
  for (const output of def.outputs) delete output.scope;
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
