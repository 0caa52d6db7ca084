import type { TaskDefinition, TaskInput, TaskOutput } from '@/lib/contract/task-definition';

// The change summary of a structured edit (the field editor's save), one line per change, in the
// words the version history shows: what was added, removed, renamed, retyped, reworded, reordered.
// Pure, so the summary a dry run shows is exactly the one the saved version keeps.

const typeLabel = (o: Pick<TaskOutput, 'type' | 'items'>) =>
  o.type === 'list' && o.items ? `list of ${o.items}` : o.type;

/**
 * `previous` maps an output's new name to the existing output it continues (a rename), or to null
 * for a new output that reuses a name another output renamed away; every other output is matched by
 * its name.
 */
export function definitionChanges(
  before: TaskDefinition,
  after: TaskDefinition,
  previous: ReadonlyMap<string, string | null> = new Map(),
): string[] {
  const changes: string[] = [];
  const old = new Map(before.outputs.map((o) => [o.name, o]));
  const previousOf = (o: TaskOutput) => (previous.has(o.name) ? previous.get(o.name)! : o.name);
  const kept = new Set(
    after.outputs.map(previousOf).filter((name): name is string => name !== null && old.has(name)),
  );

  if (before.list !== after.list) {
    changes.push(
      after.list
        ? 'made the task list-shaped (one row per item found)'
        : 'made the task single (one answer per input)',
    );
  }
  for (const o of before.outputs) if (!kept.has(o.name)) changes.push(`removed \`${o.name}\``);
  for (const o of after.outputs) {
    const from = previousOf(o);
    const prev = from === null ? undefined : old.get(from);
    if (!prev) {
      changes.push(`added output \`${o.name}\` (${typeLabel(o)})`);
      continue;
    }
    changes.push(...outputChanges(prev, o, before.list && after.list));
  }
  changes.push(...movedOutputs(before, after, previousOf, kept));
  changes.push(...inputChanges(before.inputs, after.inputs));
  if (before.description !== after.description) changes.push('changed the task description');
  return changes;
}

function outputChanges(prev: TaskOutput, next: TaskOutput, bothLists: boolean): string[] {
  const out: string[] = [];
  const name = `\`${next.name}\``;
  if (prev.name !== next.name) out.push(`renamed \`${prev.name}\` to ${name}`);
  if (typeLabel(prev) !== typeLabel(next)) {
    out.push(`changed the type of ${name} from ${typeLabel(prev)} to ${typeLabel(next)}`);
  }
  if (prev.query !== next.query) out.push(`changed the question of ${name}`);
  if (prev.description !== next.description) out.push(`changed the description of ${name}`);
  if ((prev.format ?? '') !== (next.format ?? '')) {
    out.push(next.format ? `set the format of ${name} to "${next.format}"` : `cleared the format of ${name}`);
  }
  // Scope only means something in a list task; a task that changes shape is summarised once above.
  if (bothLists && (prev.scope ?? 'row') !== (next.scope ?? 'row')) {
    out.push(
      next.scope === 'task'
        ? `changed the scope of ${name}: asked once for the page`
        : `changed the scope of ${name}: a column of each row`,
    );
  }
  return out;
}

/**
 * Outputs whose order changed among those kept: the ones outside a longest run already in the old
 * order, so moving one field reads as one move, not as every field between shifting.
 */
function movedOutputs(
  before: TaskDefinition,
  after: TaskDefinition,
  previousOf: (o: TaskOutput) => string | null,
  kept: ReadonlySet<string>,
): string[] {
  const oldIndex = new Map(before.outputs.map((o, i) => [o.name, i]));
  const seq = after.outputs.filter((o) => kept.has(previousOf(o) ?? ''));
  const idx = seq.map((o) => oldIndex.get(previousOf(o)!)!);
  const stay = longestIncreasing(idx);
  return seq.filter((_, i) => !stay.has(i)).map((o) => `moved \`${o.name}\``);
}

/** Positions of one longest strictly increasing subsequence (O(n²): a task has at most 100 outputs). */
function longestIncreasing(values: number[]): Set<number> {
  const len = values.map(() => 1);
  const prev = values.map(() => -1);
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < i; j++) {
      if (values[j]! < values[i]! && len[j]! + 1 > len[i]!) {
        len[i] = len[j]! + 1;
        prev[i] = j;
      }
    }
    if (best < 0 || len[i]! > len[best]!) best = i;
  }
  const out = new Set<number>();
  for (let i = best; i >= 0; i = prev[i]!) out.add(i);
  return out;
}

function inputChanges(before: TaskInput[], after: TaskInput[]): string[] {
  const out: string[] = [];
  const old = new Map(before.map((i) => [i.name, i]));
  const now = new Set(after.map((i) => i.name));
  for (const i of before) if (!now.has(i.name)) out.push(`removed input \`${i.name}\``);
  for (const i of after) {
    const prev = old.get(i.name);
    if (!prev) out.push(`added input \`${i.name}\` (${i.type})`);
    else if (prev.type !== i.type)
      out.push(`changed the type of input \`${i.name}\` from ${prev.type} to ${i.type}`);
    else if (prev.description !== i.description) out.push(`changed the description of input \`${i.name}\``);
  }
  const order = (list: TaskInput[]) =>
    list.filter((i) => old.has(i.name) && now.has(i.name)).map((i) => i.name);
  if (order(before).join() !== order(after).join()) out.push('reordered the inputs');
  return out;
}
