// Edits to query texts that keep their two planner-added parts intact: the input context at the
// end (" (country: {country})") and the type hint before it (" Give a number.").

import type { OutputType, TaskInput } from '@/lib/contract/task-definition';
import { contextFor } from './inputs';

const CONTEXT_TAIL = /((?:\s\([^()]*: \{[a-z][a-z0-9_]*\}\))+)$/;

const TYPE_HINTS: Record<OutputType, string> = {
  string: '',
  number: ' Give a number.',
  money: ' Give the amount and currency.',
  phone: ' Give the phone number.',
  boolean: ' Answer yes or no.',
  date: ' Give the date.',
  list: ' List each one.',
  url: ' Give the URL.',
  email: ' Give the email address.',
};
const KNOWN_HINTS = Object.values(TYPE_HINTS).filter((h) => h.length > 0);

function splitContext(query: string): { base: string; context: string } {
  const m = CONTEXT_TAIL.exec(query);
  return m?.[1] ? { base: query.slice(0, m.index), context: m[1] } : { base: query, context: '' };
}

/** Swaps the type hint for the new type's ("Answer yes or no." when made boolean). */
export function retypeQuery(query: string, type: OutputType): string {
  const { base, context } = splitContext(query);
  let stripped = base;
  for (let changed = true; changed;) {
    changed = false;
    for (const hint of KNOWN_HINTS) {
      if (stripped.endsWith(hint)) {
        stripped = stripped.slice(0, -hint.length);
        changed = true;
      }
    }
  }
  return `${stripped}${TYPE_HINTS[type]}${context}`;
}

/** Adds formatting guidance ("Give the answer in USD.") before the input context. */
export function appendGuidance(query: string, guidance: string): string {
  const { base, context } = splitContext(query);
  return `${base.trimEnd()} ${guidance}${context}`;
}

export function addInputContext(query: string, input: TaskInput): string {
  return query.includes(`{${input.name}}`) ? query : `${query}${contextFor(input)}`;
}

export function removeInputContext(query: string, input: TaskInput): string {
  return query.split(contextFor(input)).join('');
}

export function renameInputReferences(query: string, from: TaskInput, to: TaskInput): string {
  return query.split(contextFor(from)).join(contextFor(to)).split(`{${from.name}}`).join(`{${to.name}}`);
}

/** Placeholders used by a query: "{country}" → "country". */
export function placeholders(query: string): string[] {
  return [...query.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1] ?? '').filter(Boolean);
}
