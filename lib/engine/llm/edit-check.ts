// Checks a model-written edit against what the instruction mentions: an edit must keep every output
// the instruction does not name exactly as it was (name, type, query, format, items), and keep the
// task's name unless the instruction renames the task. A model that "tidies up" other fields, or
// drops them, fails the check and its edit is not used.

import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';
import { parseInstruction } from '../planner/instruction-parse';
import { toEnglish } from '../planner/languages';
import { canonical, humanise } from '../planner/names';
import { fieldByName, lookupField } from '../planner/vocabulary';

// Name words too general to say which output is meant ("name" in plan_name, "count" in page_count).
const GENERAL = new Set([
  'name',
  'count',
  'url',
  'date',
  'number',
  'value',
  'type',
  'list',
  'link',
  'page',
  'main',
]);

// Words that point at every output of a type: "dates as YYYY-MM-DD" mentions published_date.
const TYPE_WORDS: Record<string, readonly string[]> = {
  date: ['date', 'day'],
  money: ['price', 'amount', 'money', 'currency', 'cost'],
  phone: ['phone', 'telephone'],
  email: ['email'],
  url: ['url', 'link', 'website'],
  number: ['number', 'count'],
  list: ['list'],
  boolean: ['yes', 'boolean'],
  string: [],
};

/** The instruction in English (German, French, Spanish are rewritten), as canonical words. */
export function instructionWords(instruction: string): string {
  return ` ${canonical(toEnglish(instruction).text)} `;
}

/** Whether the instruction names `output`: by its name, a word of its name, an alias, or its type. */
export function mentions(words: string, output: TaskOutput): boolean {
  const name = canonical(humanise(output.name));
  if (words.includes(` ${name} `)) return true;
  if (name.split(' ').some((w) => w.length >= 3 && !GENERAL.has(w) && words.includes(` ${w} `))) return true;
  const known = fieldByName(output.name) ?? lookupField(humanise(output.name));
  if (known?.aliases.some((a) => words.includes(` ${canonical(a)} `))) return true;
  return (TYPE_WORDS[output.type] ?? []).some((w) => words.includes(` ${w} `));
}

function same(a: TaskOutput, b: TaskOutput): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.query === b.query &&
    (a.format ?? '') === (b.format ?? '') &&
    (a.items ?? '') === (b.items ?? '')
  );
}

/** What the edit changed that the instruction did not ask for; [] when it kept everything else. */
export function unaskedChanges(
  current: TaskDefinition,
  edited: TaskDefinition,
  instruction: string,
): string[] {
  const words = instructionWords(instruction);
  // "for each plan also return its price" turns a task into a list: every output may then change scope
  // and the list of items becomes a column, so only outputs kept by name are compared.
  const problems: string[] = [];
  for (const output of current.outputs) {
    if (mentions(words, output)) continue;
    const kept = edited.outputs.find((o) => o.name === output.name);
    if (!kept) problems.push(`dropped \`${output.name}\``);
    else if (!same(kept, output)) problems.push(`changed \`${output.name}\``);
  }
  if (edited.name !== current.name && !renamesTask(instruction)) problems.push('renamed the task');
  return problems;
}

function renamesTask(instruction: string): boolean {
  const english = toEnglish(instruction).text;
  return parseInstruction(english).ops.some((op) => op.kind === 'rename-task');
}
