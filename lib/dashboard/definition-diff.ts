import type { TaskDefinition, TaskOutput } from '@/lib/contract/task-definition';

// Aligns two versions of a task definition field by field for the side-by-side diff: outputs and
// inputs by name, so a renamed query shows as "changed" on one row rather than a remove plus an add.

export type DiffKind = 'same' | 'changed' | 'added' | 'removed';

export interface DiffRow {
  section: 'task' | 'inputs' | 'outputs';
  name: string;
  left: string | null;
  right: string | null;
  kind: DiffKind;
}

const describeOutput = (o: TaskOutput) => `${o.type} · ${o.query}`;

function kindOf(left: string | null, right: string | null): DiffKind {
  if (left === null) return 'added';
  if (right === null) return 'removed';
  return left === right ? 'same' : 'changed';
}

function alignByName<T extends { name: string }>(
  section: DiffRow['section'],
  a: T[],
  b: T[],
  show: (x: T) => string,
): DiffRow[] {
  const right = new Map(b.map((x) => [x.name, x]));
  const rows: DiffRow[] = a.map((x) => {
    const other = right.get(x.name);
    const l = show(x);
    const r = other ? show(other) : null;
    return { section, name: x.name, left: l, right: r, kind: kindOf(l, r) };
  });
  const leftNames = new Set(a.map((x) => x.name));
  for (const x of b)
    if (!leftNames.has(x.name))
      rows.push({ section, name: x.name, left: null, right: show(x), kind: 'added' });
  return rows;
}

export function diffDefinitions(a: TaskDefinition, b: TaskDefinition): DiffRow[] {
  const task: DiffRow[] = [
    { section: 'task', name: 'name', left: a.name, right: b.name, kind: kindOf(a.name, b.name) },
    {
      section: 'task',
      name: 'list',
      left: String(a.list),
      right: String(b.list),
      kind: kindOf(String(a.list), String(b.list)),
    },
  ];
  return [
    ...task,
    ...alignByName('inputs', a.inputs, b.inputs, (i) => `${i.type} · ${i.description}`),
    ...alignByName('outputs', a.outputs, b.outputs, describeOutput),
  ];
}
