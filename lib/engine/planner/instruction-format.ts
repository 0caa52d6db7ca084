// Formatting instructions ("give the phone number in international format", "dates as YYYY-MM-DD",
// "price without the currency sign") change how existing outputs are answered, never which outputs
// there are. They are told apart from additions by their target: it must name outputs the task has.

import type { OutputType, TaskOutput } from '@/lib/contract/task-definition';
import { matchOutput } from './match';
import { canonical } from './names';
import { splitEnumeration, unquote } from './phrases';
import { parseOutputType } from './type-words';

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

/** True when `tail` reads as formatting guidance, not as a place or another field. */
export function isFormatTail(tail: string): boolean {
  const t = tail.trim();
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
  const key = canonical(text.replace(/^the\s+/i, ''));
  const byType = TYPE_GROUPS[key];
  if (byType)
    return outputs.filter(
      (o) =>
        byType.includes(o.type) || (o.type === 'list' && o.items !== undefined && byType.includes(o.items)),
    );
  return [];
}

const TYPE_GROUPS: Record<string, readonly string[]> = {
  date: ['date'],
  price: ['money'],
  amount: ['money'],
  'money value': ['money'],
  'phone number': ['phone'],
  phone: ['phone'],
  number: ['number'],
  url: ['url'],
  link: ['url'],
  email: ['email'],
  'email address': ['email'],
};

/** "in a single text instead of a list": the tail names a type. */
function namesType(tail: string): boolean {
  return (
    /^(?:as|in|into|to)\b/i.test(tail) &&
    parseOutputType(tail.replace(INSTEAD, '').replace(PLAIN, '')) !== undefined
  );
}

/** "as a number, without the currency": a named type retypes, the rest is formatting guidance. */
function guidanceOf(tail: string, target: string): FormatOp[] {
  const text = unquote(tail.trim().replace(/[.!]+$/, ''));
  const ops: FormatOp[] = [];
  const rest: string[] = [];
  for (const piece of text.split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:as|in|without|with)\b)/i)) {
    const type = parseOutputType(piece.replace(INSTEAD, '').replace(PLAIN, ''));
    if (type) ops.push({ kind: 'retype', target, type });
    else if (piece.trim()) rest.push(piece.trim());
  }
  if (ops.length === 0) return [{ kind: 'format', target, guidance: text }];
  if (rest.length > 0) ops.push({ kind: 'format', target, guidance: rest.join(', ') });
  return ops;
}

/**
 * A formatting instruction about existing outputs, or undefined. Every split of the clause into
 * "<target> <format tail>" is tried, shortest target first, and kept only when the target names
 * outputs of `outputs`: "give the phone number in international format" → phone, "in international format".
 */
export function parseFormat(text: string, outputs: readonly TaskOutput[]): FormatOp[] | undefined {
  const use = /^(?:use|apply|prefer)\s+(.+?)\s+for\s+(.+)$/i.exec(text);
  if (use?.[1] && use[2] && targetOutputs(outputs, use[2]).length > 0) return guidanceOf(use[1], use[2]);
  const body = text.replace(VERB, '').replace(/^(?:the\s+)?format\s+of\s+/i, '');
  const tokens = body.split(/\s+/);
  for (let i = 1; i < tokens.length; i += 1) {
    const target = tokens.slice(0, i).join(' ').replace(/[,:]$/, '');
    const tail = tokens.slice(i).join(' ');
    if (!isFormatTail(tail) && !namesType(tail)) continue;
    if (targetOutputs(outputs, target).length === 0) continue;
    return guidanceOf(tail, target);
  }
  return undefined;
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
