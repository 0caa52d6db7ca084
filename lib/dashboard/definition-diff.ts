import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';
import { typeLabel } from './field-draft';

// Aligns two versions of a task definition field by field for the side-by-side diff: outputs and
// inputs by name, so a changed query shows as "changed" on one row rather than a remove plus an add.
// A rename the caller knows of (the field editor's previous_name) aligns the old and new names too.

export type DiffKind = 'same' | 'changed' | 'added' | 'removed';

export interface DiffRow {
  section: 'task' | 'inputs' | 'outputs';
  name: string;
  /** Set when the row is a renamed field: the name it had on the left. */
  previousName?: string;
  left: string | null;
  right: string | null;
  kind: DiffKind;
}

/** The shape in words: a list task's rows, or one answer per website. */
export const describeShape = (d: Pick<TaskDefinition, 'list'>) =>
  d.list ? 'list: one row per item found' : 'single: one answer per website';

function describeOutput(o: TaskOutput, list: boolean): string {
  const parts = [typeLabel(o.type, o.items), o.query];
  if (o.format) parts.push(`format: ${o.format}`);
  if (list) parts.push(o.scope === 'task' ? 'once per page' : 'per row');
  return parts.join(' · ');
}

function kindOf(left: string | null, right: string | null): DiffKind {
  if (left === null) return 'added';
  if (right === null) return 'removed';
  return left === right ? 'same' : 'changed';
}

function alignByName<T extends { name: string }>(
  section: DiffRow['section'],
  a: T[],
  b: T[],
  showA: (x: T) => string,
  showB: (x: T) => string,
  renames: Record<string, string> = {},
): DiffRow[] {
  // Key each right-hand item by the left-hand name it continues.
  const oldNameOf = (x: T) => renames[x.name] ?? x.name;
  const right = new Map(b.map((x) => [oldNameOf(x), x]));
  const rows: DiffRow[] = a.map((x) => {
    const other = right.get(x.name);
    const l = showA(x);
    const r = other ? showB(other) : null;
    if (other && other.name !== x.name)
      return { section, name: other.name, previousName: x.name, left: l, right: r, kind: 'changed' };
    return { section, name: x.name, left: l, right: r, kind: kindOf(l, r) };
  });
  const leftNames = new Set(a.map((x) => x.name));
  for (const x of b)
    if (!leftNames.has(oldNameOf(x)))
      rows.push({ section, name: x.name, left: null, right: showB(x), kind: 'added' });
  return rows;
}

/** `renames` maps a field's new name to the name it had in `a`. */
export function diffDefinitions(
  a: TaskDefinition,
  b: TaskDefinition,
  renames: Record<string, string> = {},
): DiffRow[] {
  const task: DiffRow[] = [
    { section: 'task', name: 'name', left: a.name, right: b.name, kind: kindOf(a.name, b.name) },
    {
      section: 'task',
      name: 'shape',
      left: describeShape(a),
      right: describeShape(b),
      kind: kindOf(describeShape(a), describeShape(b)),
    },
  ];
  const showInput = (i: TaskDefinition['inputs'][number]) => `${i.type} · ${i.description}`;
  return [
    ...task,
    ...alignByName('inputs', a.inputs, b.inputs, showInput, showInput),
    ...alignByName(
      'outputs',
      a.outputs,
      b.outputs,
      (o) => describeOutput(o, a.list),
      (o) => describeOutput(o, b.list),
      renames,
    ),
  ];
}
