import type { Db } from '../db/client';
import { rowsInRange } from '../batches/row-blocks';
import { BLOCK_ROWS } from '../batches/row-block-format';

// The inputs of a run's changed rows, so a change names its row as the analyst knows it (the site, the
// company) and not only by its data_uuid. Read from the run's batch after the comparison, in runs of
// blocks, keeping only the rows that changed: the comparison itself holds no inputs, so a large
// unchanged run costs one pass over its blocks and no memory.

const BLOCKS_PER_READ = 8;

export type RowInputs = Record<string, string>;

export async function inputsOfRows(
  db: Db,
  batch: { id: string; jobsAdded: number },
  wanted: ReadonlySet<string>,
  inputNames: readonly string[],
): Promise<Map<string, RowInputs>> {
  const found = new Map<string, RowInputs>();
  if (wanted.size === 0) return found;
  const step = BLOCK_ROWS * BLOCKS_PER_READ;
  for (let lo = 0; lo < batch.jobsAdded && found.size < wanted.size; lo += step) {
    const rows = await rowsInRange(db, batch.id, lo, Math.min(batch.jobsAdded, lo + step));
    for (const [, uuid, values] of rows) {
      if (!wanted.has(uuid)) continue;
      found.set(uuid, Object.fromEntries(inputNames.map((name, i) => [name, values[i] ?? ''])));
    }
  }
  return found;
}
