// User-facing refusal texts, kept together so the API routes and tests see one wording.

import type { EditOp } from './instruction-parse';

export const MAX_TEXT = 10_000;

export const DESCRIBE_HINT =
  "Say what to extract, for example: 'Find the contact email and phone number of a company website'.";

export const EDIT_FORMS = [
  "'also extract the CEO name'",
  "'remove phone'",
  "'rename email to contact_email'",
  "'make employee_count a number'",
  "'change the query for email to …'",
  "'give the phone number in international format'",
  "'add an input country'",
  "'remove the input country'",
  "'for each plan also return its price'",
  "'move phone before email'",
  "'rename the task to Vendor contacts'",
].join(', ');

/** A refusal that says what was understood and what was not: "Understood: … Not understood: …". */
export function notChanged(understood: readonly string[], unclear: readonly string[]): string {
  const parts: string[] = [];
  if (understood.length > 0) parts.push(`Understood: ${understood.join('; ')}.`);
  parts.push(`Not understood: ${unclear.map((u) => `"${shorten(u)}"`).join(', ')}.`);
  parts.push('The task was not changed.');
  parts.push(`Understood forms: ${EDIT_FORMS}.`);
  return parts.join(' ');
}

function shorten(text: string, max = 120): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** One operation in words, for "Understood: …"; `without` leaves out a phrase that was not understood. */
export function describeOp(op: EditOp, without?: string): string {
  switch (op.kind) {
    case 'add': {
      const items = op.items.filter((i) => i.phrase !== without);
      const text = items.map((i) => (i.format ? `${i.phrase} (${i.format})` : i.phrase)).join(', ');
      if (!text) return op.replacing ? `remove ${op.replacing}` : '';
      return op.replacing ? `replace ${op.replacing} with ${text}` : `add ${text}`;
    }
    case 'remove':
      return `remove ${op.targets.join(', ')}${op.except ? ` except ${op.except.join(', ')}` : ''}`;
    case 'rename':
      return `rename ${op.from} to ${op.to}`;
    case 'retype':
      return `make ${op.target} a ${op.type}`;
    case 'set-query':
      return `change the question of ${op.target}`;
    case 'set-description':
      return `change the description of ${op.target}`;
    case 'format':
      return `format ${op.target} ${op.guidance}`;
    case 'redefine':
      return `make ${op.target} mean ${op.meaning}`;
    case 'add-input':
      return `add input ${op.phrase}`;
    case 'remove-input':
      return `remove input ${op.target}`;
    case 'rename-input':
      return `rename input ${op.from} to ${op.to}`;
    case 'move':
      return `move ${op.target}`;
    case 'keep':
      return `keep only ${op.targets.join(', ')}`;
    case 'use-input':
      return `ask for ${op.target} per ${op.input}`;
    case 'list':
      return op.item
        ? `one row per ${op.item}${op.columns ? ` with ${op.columns}` : ''}`
        : 'make the task a list';
    case 'single':
      return 'make the task return a single result';
    case 'rename-task':
      return `rename the task to ${op.name}`;
  }
}

export function tooLong(what: 'description' | 'instruction', length: number): string {
  return `The ${what} is too long (${length.toLocaleString('en-US')} characters); the limit is ${MAX_TEXT.toLocaleString('en-US')}.`;
}
