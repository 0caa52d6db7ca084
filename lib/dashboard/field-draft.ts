import type {
  ListItemType,
  OutputScope,
  OutputType,
  TaskDefinition,
  TaskOutput,
} from '@/lib/contract/task-definition';
import type { TaskDetail } from '@/lib/contract/tasks';
import type { EditedOutput } from './task-shaping-types';

// The field editor's working copy of a task's outputs: one row per field, each with a stable key (React
// keeps focus on a row while it moves) and the name it was stored under, so a rename is sent as a
// rename (previous_name) rather than a removal plus a new field.

export interface FieldDraft {
  key: string;
  previousName?: string;
  name: string;
  type: OutputType;
  items: ListItemType;
  query: string;
  format: string;
  description: string;
  scope: OutputScope;
}

export type FieldErrors = Partial<Record<'name' | 'query', string>>;

export const TYPE_LABELS: Record<OutputType, string> = {
  string: 'Text',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  boolean: 'Yes/No',
  url: 'URL',
  email: 'Email',
  phone: 'Phone',
  list: 'List of …',
};

export const ITEM_LABELS: Record<ListItemType, string> = {
  string: 'Text',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  url: 'URL',
  email: 'Email',
  phone: 'Phone',
};

/** How a type reads to a person: "Money", "List of URL". */
export function typeLabel(type: OutputType | undefined, items?: ListItemType): string {
  if (!type) return '—';
  return type === 'list' ? `List of ${ITEM_LABELS[items ?? 'string']}` : TYPE_LABELS[type];
}

const SNAKE = /^[a-z][a-z0-9_]*$/;

/** The snake_case a person probably meant ("Founded Year" → founded_year), or '' when nothing is left. */
export function toSnakeCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '')
    .slice(0, 64);
}

let counter = 0;
const nextKey = () => `field-${++counter}`;

export function draftsFromOutputs(outputs: TaskDetail['outputs']): FieldDraft[] {
  return outputs.map((o) => ({
    key: nextKey(),
    previousName: o.name,
    name: o.name,
    type: o.type ?? 'string',
    items: o.items ?? 'string',
    query: o.query ?? o.description ?? '',
    format: o.format ?? '',
    description: o.description ?? '',
    scope: o.scope ?? 'row',
  }));
}

export function emptyDraft(): FieldDraft {
  return {
    key: nextKey(),
    name: '',
    type: 'string',
    items: 'string',
    query: '',
    format: '',
    description: '',
    scope: 'row',
  };
}

/** Inline messages per row key; an empty map means the fields can be saved. */
export function validateDrafts(drafts: FieldDraft[]): Map<string, FieldErrors> {
  const errors = new Map<string, FieldErrors>();
  const seen = new Map<string, number>();
  for (const d of drafts) seen.set(d.name, (seen.get(d.name) ?? 0) + 1);
  for (const d of drafts) {
    const e: FieldErrors = {};
    if (!d.name) e.name = 'A name is required.';
    else if (d.name.length > 64) e.name = 'At most 64 characters.';
    else if (!SNAKE.test(d.name)) {
      const hint = toSnakeCase(d.name);
      e.name = `Use snake_case: lowercase letters, digits and underscores${hint ? ` (e.g. ${hint})` : ''}.`;
    } else if ((seen.get(d.name) ?? 0) > 1) e.name = 'Another field has this name.';
    if (!d.query.trim()) e.query = 'Say what to ask the website.';
    if (e.name || e.query) errors.set(d.key, e);
  }
  return errors;
}

/** The outputs the structured edit takes; scope only in a list task, items only for a list field. */
export function draftsToOutputs(drafts: FieldDraft[], list: boolean): EditedOutput[] {
  return drafts.map((d) => {
    const out: EditedOutput = {
      name: d.name,
      description: d.description || d.query.trim(),
      type: d.type,
      query: d.query.trim(),
    };
    if (d.format.trim()) out.format = d.format.trim();
    if (d.type === 'list') out.items = d.items;
    if (list) out.scope = d.scope;
    if (d.previousName && d.previousName !== d.name) out.previous_name = d.previousName;
    return out satisfies TaskOutput;
  });
}

export function moveDraft(drafts: FieldDraft[], index: number, step: -1 | 1): FieldDraft[] {
  const to = index + step;
  if (to < 0 || to >= drafts.length) return drafts;
  const next = [...drafts];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The stored definition a task detail describes (the "before" of a planned change). */
export function definitionOfDetail(task: TaskDetail): TaskDefinition {
  return {
    name: task.name,
    description: task.description,
    inputs: task.inputs,
    list: task.list ?? false,
    outputs: task.outputs.map((o) => ({
      ...o,
      type: o.type ?? 'string',
      description: o.description ?? '',
      query: o.query ?? o.description ?? o.name,
    })),
  };
}
