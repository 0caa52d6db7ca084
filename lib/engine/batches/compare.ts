import type { BatchRow, Comparison } from '@/lib/contract/batch-extensions';
import type { Db } from '../db/client';
import { loadDefinition } from '../tasks/queries';
import { sameAnswer, type AnswerShape } from '../tasks/same-answer';
import { findBatch } from './read';
import { iterateBatchRows } from './rows';

// Per-field comparison of two batches over the same inputs (a re-run on another version), joined by
// data_uuid; values compared by meaning for their type (tasks/same-answer.ts). Both sides are read in input order and matched as they go, so for a re-run (same order)
// the unmatched buffers stay empty and memory stays flat whatever the size.

const FINISHED = new Set(['succeeded', 'failed']);

/** A field's value in a row: in a list task, one value per list row (a page-level field stays one). */
export function fieldValue(
  row: Partial<Pick<BatchRow, 'list'>> & Pick<BatchRow, 'data_json' | 'list_data_json'>,
  field: string,
): unknown {
  const items = row.list_data_json ?? [];
  // A field asked once for the page (scope 'task') is in data_json even in a list task.
  if (row.list && items.some((item) => field in item)) return items.map((item) => item[field] ?? null);
  return row.data_json?.[field] ?? null;
}

export async function compareBatches(
  db: Db,
  batchId: string,
  otherId: string,
  limit: number,
): Promise<Comparison> {
  const [a, b] = await Promise.all([findBatch(db, batchId), findBatch(db, otherId)]);
  const [defA, defB] = await Promise.all([
    loadDefinition(db, a.taskId, a.taskVersion),
    loadDefinition(db, b.taskId, b.taskVersion),
  ]);
  // Fields of either version, in the order they were defined (this batch's first).
  const fields = [...new Set([...defA.definition.outputs, ...defB.definition.outputs].map((o) => o.name))];
  // Values are compared by the field's type (this batch's version first): "49.00" and "€49" agree.
  const shapes = new Map<string, AnswerShape>();
  for (const o of [...defB.definition.outputs, ...defA.definition.outputs]) shapes.set(o.name, o);
  const stats = new Map(fields.map((f) => [f, { field: f, same: 0, differs: 0 }]));
  const differences: Comparison['differences'] = [];
  let compared = 0;

  const waitingA = new Map<string, BatchRow>();
  const waitingB = new Map<string, BatchRow>();
  const match = (x: BatchRow, y: BatchRow) => {
    if (!FINISHED.has(x.status) || !FINISHED.has(y.status)) return;
    compared++;
    for (const f of fields) {
      const va = fieldValue(x, f);
      const vb = fieldValue(y, f);
      const s = stats.get(f)!;
      if (sameAnswer(va, vb, shapes.get(f)!)) s.same++;
      else {
        s.differs++;
        if (differences.length < limit)
          differences.push({ data_uuid: x.data_uuid, field: f, value: va, other_value: vb });
      }
    }
  };
  const itA = iterateBatchRows(db, a.id);
  const itB = iterateBatchRows(db, b.id);
  let doneA = false;
  let doneB = false;
  while (!doneA || !doneB) {
    if (!doneA) {
      const n = await itA.next();
      if (n.done) doneA = true;
      else {
        const other = waitingB.get(n.value.data_uuid);
        if (other) {
          waitingB.delete(n.value.data_uuid);
          match(n.value, other);
        } else waitingA.set(n.value.data_uuid, n.value);
      }
    }
    if (!doneB) {
      const n = await itB.next();
      if (n.done) doneB = true;
      else {
        const mine = waitingA.get(n.value.data_uuid);
        if (mine) {
          waitingA.delete(n.value.data_uuid);
          match(mine, n.value);
        } else waitingB.set(n.value.data_uuid, n.value);
      }
    }
  }
  return {
    batch_id: a.id,
    other_batch_id: b.id,
    task_version: a.taskVersion,
    other_task_version: b.taskVersion,
    compared_rows: compared,
    only_here: waitingA.size,
    only_other: waitingB.size,
    fields: [...stats.values()],
    differences,
  };
}
