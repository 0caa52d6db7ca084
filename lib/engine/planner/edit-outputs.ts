// Edits to outputs: add, remove, rename, retype, and changes to a query or description.

import type { OutputType, TaskOutput } from '@/lib/contract/task-definition';
import { planPhrase, withFormat } from './fields';
import { targetOutputs } from './instruction-format';
import { namesItemNoun, type AddItem } from './instruction-parse';
import { contextSuffix } from './inputs';
import { matchInput, matchOutput, referenceText } from './match';
import { capitalise, humanise, isIdentifier, listNames, toIdentifier, words } from './names';
import { unquote } from './phrases';
import { addInputContext, placeholders, retypeQuery } from './query-text';
import {
  existingOutputs,
  MAX_OUTPUTS,
  oneInput,
  oneOutput,
  quote,
  refuse,
  resolveOutput,
  type EditState,
} from './edit-state';
import { lookupField } from './vocabulary';

const MAX_TEXT_FIELD = 2000;

function sameField(a: string, b: string): boolean {
  if (a === b) return true;
  const fa = lookupField(humanise(a));
  return fa !== undefined && fa.name === lookupField(humanise(b))?.name;
}

/**
 * Adds the outputs `items` name. `replacing` is the output a "replace X with Y" removes next: the new
 * outputs take its place in the order, and (in a list task) its scope.
 */
export function addOutputs(state: EditState, items: readonly AddItem[], replacing?: string): void {
  const { def } = state;
  const replaced = replacing ? matchOutput(def.outputs, replacing) : undefined;
  const anchor = replaced?.kind === 'one' ? replaced.item : undefined;
  let at = anchor ? def.outputs.indexOf(anchor) : def.outputs.length;
  for (const item of items) {
    const planned = planPhrase(aboutField(item.phrase, state.subject.noun), {
      subject: state.subject,
      allowCustom: true,
      allowBareX: state.allowBareX,
    });
    if (planned.length === 0) {
      refuse(
        `Could not tell what output ${quote(item.phrase)} means. Name the value to extract, for example 'add the CEO name'.`,
        item.phrase,
      );
    }
    for (const p of planned) {
      // "replace company with employer": a synonym of the replaced field renames it (its question stays).
      const typed = toIdentifier(item.phrase.replace(/^(?:the|a|an|their|its)\s+/i, ''));
      if (anchor && replacing && sameField(anchor.name, p.output.name) && typed && typed !== anchor.name) {
        renameOutput(state, anchor.name, typed);
        (state.renamedInPlace ??= new Set()).add(replacing);
        continue;
      }
      const existing = def.outputs.find((o) => o !== anchor && sameField(o.name, p.output.name));
      if (existing) {
        state.last = existing.name;
        if (p.explicitType && existing.type !== p.output.type) {
          retypeOutput(state, existing, p.output.type);
        } else if (item.format) {
          setFormat(state, existing, item.format);
        } else {
          state.notes.push(`output \`${existing.name}\` already exists (${existing.type})`);
        }
        continue;
      }
      if (def.outputs.length >= MAX_OUTPUTS) refuse(`A task can have at most ${MAX_OUTPUTS} outputs.`);
      const output: TaskOutput = { ...p.output, query: `${p.output.query}${contextSuffix(def.inputs)}` };
      // In a list of jobs "the name of the company" is the company's name, not each job's.
      const owner = OWNER_OF.exec(item.phrase)?.[1];
      if (def.list && output.name === 'name' && owner && !namesItemNoun(owner, state.subject.noun)) {
        output.name = toIdentifier(`${owner} name`);
        output.description = `Name of the ${owner}`;
        output.query = `What is the name of the ${owner}?${contextSuffix(def.inputs)}`;
      }
      if (item.format) Object.assign(output, withFormat(output, item.format));
      const scope =
        anchor?.scope ?? item.scope ?? (pageLevel(state, item.phrase, p.group) ? 'task' : undefined);
      if (def.list && scope) output.scope = scope;
      def.outputs.splice(at, 0, output);
      at += 1;
      state.changes.push(
        `added output \`${output.name}\` (${output.type})${output.format ? `, formatted ${quote(output.format)}` : ''}`,
      );
      state.last = output.name;
    }
  }
}

// Nouns for what a list page belongs to: "the store's contact email" is asked once, not per product.
const OWNER =
  /\b(?:store|shop|company|business|website|site|vendor|seller|retailer|brand|organi[sz]ation|firm|publisher|page|conference|event|organi[sz]er|host)(?:['’]s|s['’])?\b/i;
const OWNER_OF =
  /\bname\s+of\s+(?:the|this|their)\s+(store|shop|company|business|vendor|seller|retailer|brand|organi[sz]ation|firm|publisher|conference|event|organi[sz]er|host|employer)\b/i;
const PER_ROW = /\b(?:each|every|per|its|their)\b/i;
const PERSON_ROWS =
  /\b(?:speaker|person|people|employee|member|author|contact|attendee|founder|executive|staff|team|candidate|lead)s?$/i;

/** In a list task, whether a new output is about the page as a whole rather than each row. */
function pageLevel(state: EditState, phrase: string, group: string | undefined): boolean {
  const noun = state.subject.noun;
  if (PER_ROW.test(phrase) || namesItemNoun(phrase, noun) || new RegExp(`\\b${noun}`, 'i').test(phrase))
    return false;
  if (OWNER.test(phrase)) return true;
  return (group === 'contact' || group === 'social') && !PERSON_ROWS.test(noun);
}

// "the number of words in the article" is about the article: the place adds nothing to the field.
const PAGE_NOUNS = 'article|page|post|blog\\s+post|story|document|text|website|site|listing|book|company';

/** The field a phrase names, without "in the article", "of each plan" and "single" around it. */
function aboutField(phrase: string, subjectNoun: string): string {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const head = subjectNoun.split(/\s+/).pop() ?? subjectNoun;
  const nouns = `${escape(subjectNoun)}|${escape(head)}|${PAGE_NOUNS}`;
  const tail = new RegExp(
    `\\s+(?:(?:in|of|on|from|for|inside|within)\\s+(?:the|this|that|each|every|its)|per)\\s+(?:${nouns})s?$`,
    'i',
  );
  // "the company that is hiring" is the company: a relative clause qualifies, it does not name.
  const stripped = phrase
    .trim()
    .replace(/\s+(?:that|which|who)\s+(?:is|are|was|were)\s+[a-z]+ing\b.*$/i, '')
    .replace(tail, '');
  return stripped.replace(/^((?:the|a|an|its|their)\s+)?(?:single|sole|one)\s+(?=\S+\s+\S)/i, '$1');
}

/** Sets an output's formatting guidance; the set of outputs and their types stay as they are. */
function setFormat(state: EditState, output: TaskOutput, guidance: string): void {
  const text = checkText(guidance, 'formatting guidance');
  state.last = output.name;
  if (output.format === text) {
    state.notes.push(`\`${output.name}\` is already formatted ${quote(text)}`);
    return;
  }
  if (text.length > 500)
    refuse(`The formatting guidance is too long (${text.length} characters; at most 500).`);
  output.format = text;
  state.changes.push(`formatted \`${output.name}\` ${quote(text)}`);
}

/** "dates as YYYY-MM-DD": every output the target names gets the guidance. */
export function formatOutputs(state: EditState, target: string, guidance: string): void {
  const targets = PRONOUN_TARGET.test(target.trim())
    ? [resolveOutput(state, target, 'format')]
    : targetOutputs(state.def.outputs, target);
  if (targets.length === 0) resolveOutput(state, target, 'format');
  for (const output of targets) setFormat(state, output, guidance);
}

const PRONOUN_TARGET = /^(?:it|that|this|this\s+one|that\s+one|the\s+new\s+one)$/i;

/** Reorders outputs: "move phone before email", "put price first". */
export function moveOutput(
  state: EditState,
  target: string,
  to: 'first' | 'last' | { before: string } | { after: string },
): void {
  const { def } = state;
  const output = resolveOutput(state, target, 'move');
  const rest = def.outputs.filter((o) => o !== output);
  let index: number;
  let where: string;
  if (to === 'first' || to === 'last') {
    index = to === 'first' ? 0 : rest.length;
    where = to;
  } else {
    const relative = 'before' in to ? to.before : to.after;
    const other = resolveOutput(state, relative, 'move next to');
    if (other === output) refuse(`Cannot move \`${output.name}\` relative to itself.`);
    index = rest.indexOf(other) + ('before' in to ? 0 : 1);
    where = `${'before' in to ? 'before' : 'after'} \`${other.name}\``;
  }
  rest.splice(index, 0, output);
  if (rest.every((o, i) => o === def.outputs[i])) {
    state.notes.push(`\`${output.name}\` is already ${where}`);
    return;
  }
  def.outputs = rest;
  state.last = output.name;
  state.changes.push(`moved \`${output.name}\` ${where}`);
}

export function removeOutputs(
  state: EditState,
  targets: readonly string[],
  except: readonly string[] = [],
): void {
  const { def } = state;
  // A replaced field renamed in place ("replace company with employer") stays.
  const live = targets.filter((t) => !state.renamedInPlace?.has(t));
  if (live.length === 0) return;
  const doomed = new Set<string>();
  for (const target of live) {
    const match = matchOutput(def.outputs, target, true);
    // "remove the plans" in a task with one row per plan: the rows go, the page-level outputs stay.
    if (match.kind === 'none' && def.list && namesItemNoun(referenceText(target), state.subject.noun)) {
      rowOutputs(def.outputs).forEach((o) => doomed.add(o.name));
    } else if (match.kind === 'group') match.items.forEach((o) => doomed.add(o.name));
    else doomed.add(oneOutput(def, match, target, 'remove').name);
  }
  for (const kept of except.flatMap((t) => oneOutputs(state, t))) doomed.delete(kept.name);
  if (doomed.size === 0) refuse(`Nothing is left to remove once ${listNames(except)} are kept.`);
  dropOutputs(state, doomed);
}

/** "keep only email and phone": the named outputs stay, every other goes. */
export function keepOnly(state: EditState, targets: readonly string[]): void {
  const kept = new Set(targets.flatMap((t) => oneOutputs(state, t)).map((o) => o.name));
  const doomed = new Set(state.def.outputs.filter((o) => !kept.has(o.name)).map((o) => o.name));
  if (doomed.size === 0) {
    state.notes.push(`the task already has only ${listNames([...kept])}`);
    return;
  }
  dropOutputs(state, doomed);
}

function oneOutputs(state: EditState, target: string): TaskOutput[] {
  const found = targetOutputs(state.def.outputs, target);
  return found.length > 0 ? found : [resolveOutput(state, target, 'keep')];
}

function rowOutputs(outputs: readonly TaskOutput[]): TaskOutput[] {
  return outputs.filter((o) => o.scope !== 'task');
}

function dropOutputs(state: EditState, doomed: ReadonlySet<string>): void {
  const { def } = state;
  if (doomed.size === def.outputs.length) {
    refuse(
      `That would remove every output (${listNames([...doomed])}); a task needs at least one output. Add another output first, or keep one.`,
    );
  }
  def.outputs = def.outputs.filter((o) => !doomed.has(o.name));
  for (const name of doomed) state.changes.push(`removed output \`${name}\``);
  // A list task whose row columns are all gone answers only its page-level outputs: one result.
  if (def.list && rowOutputs(def.outputs).length === 0) {
    def.list = false;
    for (const output of def.outputs) delete output.scope;
    state.changes.push('the task now returns a single result (no row columns are left)');
  }
}

/** "give the phone number for that country": the outputs' questions now name the input. */
export function askPerInput(state: EditState, target: string, inputText: string): void {
  const { def } = state;
  const input = oneInput(def, matchInput(def.inputs, inputText), inputText, 'use');
  const outputs =
    def.list && namesItemNoun(referenceText(target), state.subject.noun)
      ? rowOutputs(def.outputs)
      : oneOutputs(state, target);
  for (const output of outputs) {
    const query = addInputContext(output.query, input);
    if (query === output.query) {
      state.notes.push(`the question of \`${output.name}\` already uses {${input.name}}`);
      continue;
    }
    output.query = query;
    state.last = output.name;
    state.changes.push(`the question of \`${output.name}\` now uses input \`${input.name}\``);
  }
}

/** The identifier a rename asks for, or a refusal saying why it is not usable. */
export function newName(raw: string, what: 'output' | 'input'): string {
  const text = unquote(raw)
    .replace(/`/g, '')
    .trim()
    .replace(/^(?:the|a|an)\s+/i, '');
  const tokens = words(text);
  if (tokens.length === 0)
    refuse(`${quote(raw)} is not a usable ${what} name; use lowercase words, e.g. \`contact_email\`.`);
  if (/^\d/.test(tokens[0] ?? ''))
    refuse(`${what === 'output' ? 'Output' : 'Input'} names must start with a letter: ${quote(raw)}.`);
  const name = toIdentifier(text);
  if (!isIdentifier(name) || name !== tokens.join('_')) {
    refuse(`${quote(raw)} is too long for a ${what} name (at most 64 characters).`);
  }
  return name;
}

export function renameOutput(state: EditState, from: string, to: string): void {
  const { def } = state;
  const output = resolveOutput(state, from, 'rename');
  const name = newName(to, 'output');
  if (name === output.name) {
    state.notes.push(`output \`${name}\` is already named \`${name}\``);
    return;
  }
  if (def.outputs.some((o) => o.name === name)) {
    refuse(
      `Cannot rename \`${output.name}\` to \`${name}\`: an output named \`${name}\` already exists. ${existingOutputs(def)}`,
    );
  }
  state.changes.push(`renamed output \`${output.name}\` to \`${name}\``);
  output.name = name;
  state.last = name;
}

function retypeOutput(state: EditState, output: TaskOutput, type: OutputType): void {
  state.last = output.name;
  if (output.type === type) {
    state.notes.push(`output \`${output.name}\` is already of type ${type}`);
    return;
  }
  state.changes.push(`changed type of \`${output.name}\` from ${output.type} to ${type}`);
  output.type = type;
  output.query = retypeQuery(output.query, type);
}

export function retype(state: EditState, target: string, type: OutputType): void {
  retypeOutput(state, resolveOutput(state, target, 'change'), type);
}

function checkText(text: string, what: string): string {
  const value = text.trim();
  if (!value) refuse(`The new ${what} is empty.`);
  if (value.length > MAX_TEXT_FIELD)
    refuse(`The new ${what} is too long (${value.length} characters; at most ${MAX_TEXT_FIELD}).`);
  return value;
}

export function setQuery(state: EditState, target: string, query: string): void {
  const { def } = state;
  const output = resolveOutput(state, target, 'change');
  const value = checkText(query, 'query');
  const unknown = placeholders(value).filter((p) => !def.inputs.some((i) => i.name === p));
  if (unknown.length > 0) {
    refuse(
      `The query refers to {${unknown.join('}, {')}}, which ${unknown.length > 1 ? 'are not inputs' : 'is not an input'}. Inputs: ${listNames(def.inputs.map((i) => i.name))}.`,
    );
  }
  if (output.query === value) {
    state.notes.push(`the query for \`${output.name}\` is already ${quote(value)}`);
    return;
  }
  output.query = value;
  state.changes.push(`changed the query for \`${output.name}\` to ${quote(value)}`);
}

export function setDescription(state: EditState, target: string, description: string): void {
  const output = resolveOutput(state, target, 'change');
  const value = capitalise(checkText(description, 'description'));
  if (output.description === value) {
    state.notes.push(`the description of \`${output.name}\` is already ${quote(value)}`);
    return;
  }
  output.description = value;
  state.changes.push(`changed the description of \`${output.name}\` to ${quote(value)}`);
}

/** "ceo_name should be the full name of the current CEO": a new meaning, so a new question. */
export function redefine(state: EditState, target: string, meaning: string): void {
  const { def } = state;
  const output = resolveOutput(state, target, 'change');
  const text = checkText(meaning.replace(/[.!]+$/, ''), 'meaning');
  const query = text.endsWith('?') ? capitalise(text) : `What is ${text}?${contextSuffix(def.inputs)}`;
  const description = capitalise(text.replace(/\?$/, ''));
  if (output.query === query && output.description === description) {
    state.notes.push(`\`${output.name}\` already means ${quote(text)}`);
    return;
  }
  output.query = checkText(query, 'query');
  output.description = checkText(description, 'description');
  state.changes.push(`changed what \`${output.name}\` holds: ${quote(text)}`);
}
