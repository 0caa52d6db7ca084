import type { UpdateDefinitionRequest } from '@/lib/contract/extensions';
import { TaskDefinitionSchema, type TaskDefinition, type TaskOutput } from '@/lib/contract/task-definition';
import { badRequest, parseWith } from '../errors';
import { definitionChanges } from './definition-changes';

// The field editor's save: the whole list of outputs as the analyst left it, turned into the next
// definition. Checked against the contract here so a bad save answers 400 and stores nothing.

export interface StructuredEdit {
  definition: TaskDefinition;
  changes: string[];
}

export function applyStructuredEdit(current: TaskDefinition, body: UpdateDefinitionRequest): StructuredEdit {
  const list = body.list ?? current.list;
  const old = new Map(current.outputs.map((o) => [o.name, o]));
  checkUnique(
    body.outputs.map((o) => o.name),
    'output name',
    'output names must be unique within a task',
  );
  checkUnique(
    body.outputs.flatMap((o) => (o.previous_name ? [o.previous_name] : [])),
    'previous_name',
    'an existing output can be renamed only once',
  );

  // An output named like one another output renames away is a new output ("rename a to b, add a").
  const claimed = new Set(body.outputs.flatMap((o) => (o.previous_name ? [o.previous_name] : [])));
  const previousOf = new Map<string, string | null>();
  const outputs = body.outputs.map((o, i): TaskOutput => {
    const previous = o.previous_name ?? o.name;
    const existing = o.previous_name || !claimed.has(o.name) ? old.get(previous) : undefined;
    if (o.previous_name && !existing) {
      throw badRequest(
        'Unknown output',
        `outputs.${i}.previous_name: the task has no output '${o.previous_name}' to rename`,
      );
    }
    if (existing && previous !== o.name) previousOf.set(o.name, previous);
    if (!existing) previousOf.set(o.name, null);
    const query = o.query?.trim() || existing?.query;
    if (!query) {
      throw badRequest(
        'Question missing',
        `outputs.${i}: give the new output '${o.name}' a question (query) to answer`,
      );
    }
    const format = o.format?.trim();
    return {
      name: o.name,
      description: o.description ?? existing?.description ?? '',
      type: o.type,
      query,
      ...(format ? { format } : {}),
      ...(o.type === 'list' && o.items ? { items: o.items } : {}),
      // Outside a list task scope means nothing, so it is not kept.
      ...(list && o.scope ? { scope: o.scope } : {}),
    };
  });

  const definition = parseWith(
    TaskDefinitionSchema,
    { ...current, inputs: body.inputs ?? current.inputs, outputs, list },
    'definition',
  );
  checkUnique(
    definition.inputs.map((i) => i.name),
    'input name',
    'input names must be unique within a task',
  );
  const changes = definitionChanges(current, definition, previousOf);
  if (changes.length === 0)
    throw badRequest('Nothing changed', 'the definition sent is the same as the current one');
  return { definition, changes };
}

function checkUnique(names: string[], what: string, why: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw badRequest(`Duplicate ${what}`, `'${name}' appears more than once: ${why}`);
    seen.add(name);
  }
}
