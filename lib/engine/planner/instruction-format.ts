// Formatting instructions ("give the phone number in international format", "dates as YYYY-MM-DD",
// "price without the currency sign") change how existing outputs are answered, never which outputs
// there are. They are told apart from additions by their target: it must name outputs the task has.

import type { OutputType, TaskOutput } from '@/lib/contract/task-definition';
import { planPhrase } from './fields';
import { matchOutput } from './match';
import { splitEnumeration, unquote } from './phrases';
import { makeSubject } from './subject';
import { parseOutputType, typeGroup } from './type-words';

export type FormatOp =
  { kind: 'format'; target: string; guidance: string } | { kind: 'retype'; target: string; type: OutputType };

// Words a formatting tail starts with: "in international format", "as one short phrase", "lowercase".
const LEAD =
  '(?:in|as|without|with\\s+no|with(?=\\s+(?:the\\s+)?(?:currency|country|area|unit|leading|trailing|two|\\d))|using|formatted|written|expressed|rounded|spelled|shortened|trimmed|truncated|limited|capped|under|at\\s+most|no\\s+(?:longer|more)\\s+than|in\\s+at\\s+most|max(?:imum)?|excluding|including\\s+only|only\\s+(?:the|as)|lower-?case|upper-?case|title\\s+case|sentence\\s+case|all\\s+caps|capitali[sz]ed|following|like|according\\s+to|to\\s+(?:\\d+|two|one|three)\\s+decimal)';
const LEAD_RE = new RegExp(`^${LEAD}\\b`, 'i');
// "in the article" says where, not how: a tail "in the …" is formatting only when it names a format.
const WHERE = /^(?:in|on|at|from|of)\s+(?:the|this|that|each|every|its|their|a|an)\s+/i;
const HOW_WORDS =
  /\b(?:format|form|notation|style|case|currency|units?|language|english|german|french|spanish|order|precision|decimals?|digits?|characters?|words?|sentences?|phrases?|expressions?|short|brief|iso|yyyy|e\.?164)\b/i;

const NAMED_FORMAT =
  /^(?:the\s+)?(?:international|national|local|iso(?:\s+8601)?|e\.?164|us|uk|european|american|24-hour|12-hour|short|long|full|abbreviated|numeric|plain|title|sentence|upper|lower|camel|snake)\s+(?:format|notation|style|case|form)$/i;

/** True when `tail` reads as formatting guidance, not as a place or another field. */
export function isFormatTail(tail: string): boolean {
  const t = tail.trim();
  // "international format", "ISO notation": a named format needs no leading word.
  if (NAMED_FORMAT.test(t)) return true;
  if (!LEAD_RE.test(t)) return false;
  if (WHERE.test(t) && !HOW_WORDS.test(t)) return false;
  return t.split(/\s+/).length >= 1;
}

const VERB =
  /^(?:(?:please\s+)?(?:give|return|show|format|write|display|output|present|put|express|provide|list|report|render|spell|keep|have|make|get|extract|(?:i|we)\s+(?:want|need|would\s+like|'d\s+like)))\s+(?:me\s+|us\s+)?/i;

// Adjectives around a type word that do not change the type: "as a plain number".
const PLAIN =
  /^(?:as|in|into|to)\s+(?:an?\s+)?(?:plain|simple|single|bare|pure|whole|real|proper|valid|only)?\s*/i;
// "as text instead of a list": what the value is no longer says nothing more.
const INSTEAD = /,?\s+(?:instead\s+of|rather\s+than|in\s+place\s+of|not)\s+(?:an?\s+)?[a-z/ ]+$/i;

/** Outputs a target names: one output, or every output of a type ("dates", "all prices"). */
export function targetOutputs(outputs: readonly TaskOutput[], raw: string): TaskOutput[] {
  const text = unquote(raw.trim()).replace(/^(?:all|every|each|both)\s+(?:of\s+)?(?:the\s+)?/i, '');
  const match = matchOutput(outputs, text, true);
  if (match.kind === 'one') return [match.item];
  const plural = /s$/i.test(text) || /^(?:all|every|each|both)\b/i.test(raw.trim());
  if ((match.kind === 'ambiguous' || match.kind === 'group') && plural) return match.items;
  const byType = typeGroup(text.replace(/^the\s+/i, ''));
  if (byType)
    return outputs.filter(
      (o) =>
        byType.includes(o.type) || (o.type === 'list' && o.items !== undefined && byType.includes(o.items)),
    );
  return plannedAs(outputs, text);
}

/** "the number of pages" names page_count: the output the planner would make of the phrase. */
function plannedAs(outputs: readonly TaskOutput[], text: string): TaskOutput[] {
  if (text.split(/\s+/).length < 2) return [];
  const names = planPhrase(text, {
    subject: makeSubject('company', false),
    allowCustom: false,
    allowBareX: false,
  }).map((p) => p.output.name);
  return outputs.filter((o) => names.includes(o.name));
}

/** "in a single text instead of a list": the tail names a type. */
function namesType(tail: string): boolean {
  return (
    /^(?:as|in|into|to)\b/i.test(tail) &&
    parseOutputType(tail.replace(INSTEAD, '').replace(PLAIN, '')) !== undefined
  );
}

/** "as a number, without the currency": a named type retypes, the rest is formatting guidance. */
function guidanceOf(tail: string, target: string, outputs: readonly TaskOutput[]): FormatOp[] {
  const text = unquote(tail.trim().replace(/[.!]+$/, ''));
  const targets = targetOutputs(outputs, target).length > 0 ? [target] : splitEnumeration(target);
  const ops: FormatOp[] = [];
  const rest: string[] = [];
  const pieces = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:as|in|without|with)\b)/i);
  for (const [index, piece] of pieces.entries()) {
    // "email in lowercase, phone in international format": a later piece may name its own output.
    const own = index > 0 ? parseFormat(piece, outputs) : undefined;
    if (own) {
      ops.push(...own);
      continue;
    }
    const type = parseOutputType(piece.replace(INSTEAD, '').replace(PLAIN, ''));
    if (type) ops.push(...targets.map((t) => ({ kind: 'retype' as const, target: t, type })));
    else if (piece.trim()) rest.push(piece.trim());
  }
  if (rest.length > 0)
    ops.unshift(...targets.map((t) => ({ kind: 'format' as const, target: t, guidance: rest.join(', ') })));
  return ops;
}

/** "title and author": every enumerated part names an output. */
function namesOutputs(outputs: readonly TaskOutput[], target: string): boolean {
  if (targetOutputs(outputs, target).length > 0) return true;
  const parts = splitEnumeration(target);
  return parts.length > 1 && parts.every((p) => targetOutputs(outputs, p).length > 0);
}

/**
 * A formatting instruction about existing outputs, or undefined. Every split of the clause into
 * "<target> <format tail>" is tried, shortest target first, and kept only when the target names
 * outputs of `outputs`: "give the phone number in international format" → phone, "in international format".
 */
export function parseFormat(text: string, outputs: readonly TaskOutput[]): FormatOp[] | undefined {
  const use = /^(?:use|apply|prefer)\s+(.+?)\s+for\s+(.+)$/i.exec(text);
  if (use?.[1] && use[2] && namesOutputs(outputs, use[2])) return guidanceOf(use[1], use[2], outputs);
  // "lowercase the title", "round the price to two decimals": the verb is the formatting.
  const verb = VERB_FORMAT.exec(text);
  if (verb?.[1] && verb[2]) {
    const [target, rest] = splitTarget(verb[2], outputs);
    if (target) return guidanceOf(`${verb[1].toLowerCase()}${rest ? ` ${rest}` : ''}`, target, outputs);
  }
  // "price: amount only, no currency".
  const colon = /^([^:]+?)\s*:\s*(.+)$/.exec(text);
  if (colon?.[1] && colon[2] && namesOutputs(outputs, colon[1]))
    return guidanceOf(colon[2], colon[1], outputs);
  const body = text.replace(VERB, '').replace(/^(?:the\s+)?format\s+of\s+/i, '');
  const tokens = body.split(/\s+/);
  for (let i = 1; i < tokens.length; i += 1) {
    const target = tokens.slice(0, i).join(' ').replace(/[,:]$/, '');
    // "email always lowercase": the adverb belongs to the guidance.
    const tail = tokens.slice(i).join(' ');
    const guidance = tail.replace(/^(?:always|consistently|strictly|everywhere|only)\s+/i, '');
    if (!isFormatTail(guidance) && !namesType(guidance)) continue;
    if (!namesOutputs(outputs, target)) continue;
    return guidanceOf(tail, target, outputs);
  }
  return undefined;
}

const VERB_FORMAT =
  /^(lower-?case|upper-?case|capitali[sz]e|round|shorten|abbreviate|trim|truncate|summari[sz]e|normali[sz]e|simplify)\s+(?:the\s+)?(.+)$/i;

/** "the price to two decimals" → ["the price", "to two decimals"]: the longest start naming outputs. */
function splitTarget(text: string, outputs: readonly TaskOutput[]): [string | undefined, string] {
  const tokens = text.split(/\s+/);
  for (let i = tokens.length; i >= 1; i -= 1) {
    const target = tokens.slice(0, i).join(' ');
    if (namesOutputs(outputs, target)) return [target, tokens.slice(i).join(' ')];
  }
  return [undefined, ''];
}

/** "drop the currency sign from the price": a part of an answer to leave out is formatting. */
export function parseStrip(text: string, outputs: readonly TaskOutput[]): FormatOp[] | undefined {
  const m =
    /^(?:remove|drop|strip|omit|leave\s+out|exclude|delete|cut)\s+(?:the\s+)?(.+?)\s+(?:from|of|in)\s+(?:the\s+)?(.+)$/i.exec(
      text,
    );
  if (!m?.[1] || !m[2] || targetOutputs(outputs, m[2]).length === 0) return undefined;
  // "remove phone from the list", "remove the headquarters and the number of employees" name
  // outputs to remove, not a part of one.
  const named = (t: string) => targetOutputs(outputs, t).length > 0;
  if (splitEnumeration(m[1]).some(named)) return undefined;
  const whole = text.replace(/^\S+\s+/, '');
  if (splitEnumeration(whole).every(named)) return undefined;
  return [{ kind: 'format', target: m[2], guidance: `without the ${m[1]}` }];
}
