import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { batches } from '../db/schema';
import { monitorBaselines, monitorChanges, monitorRuns, monitors } from '../db/schema-monitors';
import { iterateResultRows } from '../batches/results';
import { rowsInRange } from '../batches/row-blocks';
import { loadDefinition } from '../tasks/queries';
import { diffRun, type RowChange, type RunDiff, type RunRow, type Values } from './row-changes';
import { inputsOfRows, type RowInputs } from './row-inputs';

// When a monitor's batch completes, its rows are compared with the monitor's baseline and the changes,
// the new baseline and the run's counts are written in one transaction. The transaction starts by
// closing the run with a guarded UPDATE (finished_at IS NULL): a second process comparing the same run
// waits on that row and then updates nothing, and rolls back, so each run is compared exactly once.

const WRITE_CHUNK = 500;

/** Runs whose batch has completed and that are not compared yet. */
export async function completedRuns(db: Db, limit = 20): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT r.id FROM monitor_runs r JOIN batches b ON b.id = r.batch_id
        WHERE r.finished_at IS NULL AND b.completed ORDER BY r.started_at LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export interface ComparedRun {
  runId: string;
  monitorId: string;
  diff: RunDiff;
}

/** Thrown inside the transaction to roll it back when another process compared the run first. */
class AlreadyCompared extends Error {}

/**
 * Compares a completed run; null if it was compared already (here or by another process). `onCompared`
 * runs inside the transaction, so what it writes (alert deliveries) commits with the changes or not at all.
 */
export async function compareRun(
  db: Db,
  runId: string,
  now: Date,
  onCompared?: (tx: Db, run: ComparedRun) => Promise<void>,
): Promise<ComparedRun | null> {
  const [found] = await db
    .select({ run: monitorRuns, batch: batches })
    .from(monitorRuns)
    .innerJoin(batches, eq(batches.id, monitorRuns.batchId))
    .where(and(eq(monitorRuns.id, runId), isNull(monitorRuns.finishedAt)));
  if (!found || !found.batch.completed) return null;
  const { run, batch } = found;
  const { definition } = await loadDefinition(db, batch.taskId, batch.taskVersion);
  const baseline = await readBaseline(db, run.monitorId);
  const rows: RunRow[] = [];
  for await (const r of iterateResultRows(db, batch)) {
    // Only what the comparison reads: a big run's inputs and sources need not stay in memory.
    rows.push({
      data_uuid: r.data_uuid,
      status: r.status,
      data_json: r.data_json,
      list_data_json: r.list_data_json,
      list: r.list,
      error: r.error,
    });
  }
  if (batch.cancelled) rows.push(...(await notRun(db, batch, rows)));
  const diff = diffRun(baseline, rows, definition.outputs);
  const compared = { runId, monitorId: run.monitorId, diff };
  const inRun = new Set(diff.changes.filter((c) => c.kind !== 'removed').map((c) => c.data_uuid));
  const inputs = await inputsOfRows(
    db,
    batch,
    inRun,
    definition.inputs.map((i) => i.name),
  );
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const closed = await tx
        .update(monitorRuns)
        .set({ finishedAt: now, counts: diff.counts })
        .where(and(eq(monitorRuns.id, runId), isNull(monitorRuns.finishedAt)))
        .returning({ id: monitorRuns.id });
      if (closed.length === 0) throw new AlreadyCompared();
      await insertChunked(tx, monitorChanges, changeRows(run.monitorId, runId, diff.changes, now, inputs));
      await writeBaseline(tx, run.monitorId, diff);
      await tx.update(monitors).set({ updatedAt: now }).where(eq(monitors.id, run.monitorId));
      await onCompared?.(tx, compared);
    });
  } catch (err) {
    if (err instanceof AlreadyCompared) return null;
    throw err;
  }
  return compared;
}

/**
 * The rows of a cancelled run that never ran (a cancel removes rows not yet handed out, and results
 * leave them out): as rows that did not answer, so they keep their baseline instead of reading as
 * rows gone from the sheet.
 */
async function notRun(db: Db, batch: { id: string; jobsAdded: number }, ran: RunRow[]): Promise<RunRow[]> {
  const seen = new Set(ran.map((r) => r.data_uuid));
  const sheet = await rowsInRange(db, batch.id, 0, batch.jobsAdded);
  return sheet
    .filter(([, uuid]) => !seen.has(uuid))
    .map(([, uuid]) => ({ data_uuid: uuid, status: 'removed', data_json: null, list_data_json: null }));
}

/**
 * Moves the stored baseline to the run's: new and changed rows are written, removed rows deleted. An
 * unchanged row keeps its stored values (equal by type to this run's, perhaps written differently), and
 * a failed one the values it had, so a run writes only what changed rather than the whole sheet.
 */
async function writeBaseline(tx: Db, monitorId: string, diff: RunDiff): Promise<void> {
  const upserts = diff.changes
    .filter((c) => c.kind === 'new' || c.kind === 'changed')
    .map((c) => ({ monitorId, dataUuid: c.data_uuid, values: diff.baseline.get(c.data_uuid)! }));
  for (let i = 0; i < upserts.length; i += WRITE_CHUNK) {
    await tx
      .insert(monitorBaselines)
      .values(upserts.slice(i, i + WRITE_CHUNK))
      .onConflictDoUpdate({
        target: [monitorBaselines.monitorId, monitorBaselines.dataUuid],
        set: { values: sql`excluded.values` },
      });
  }
  const removed = diff.changes.filter((c) => c.kind === 'removed').map((c) => c.data_uuid);
  for (let i = 0; i < removed.length; i += WRITE_CHUNK) {
    await tx
      .delete(monitorBaselines)
      .where(
        and(
          eq(monitorBaselines.monitorId, monitorId),
          inArray(monitorBaselines.dataUuid, removed.slice(i, i + WRITE_CHUNK)),
        ),
      );
  }
}

async function readBaseline(db: Db, monitorId: string): Promise<Map<string, Values>> {
  const rows = await db
    .select({ dataUuid: monitorBaselines.dataUuid, values: monitorBaselines.values })
    .from(monitorBaselines)
    .where(eq(monitorBaselines.monitorId, monitorId));
  return new Map(rows.map((r) => [r.dataUuid, r.values]));
}

type ChangeInsert = typeof monitorChanges.$inferInsert;

/** One stored change per changed field, and one per new, removed or failed row. */
export function changeRows(
  monitorId: string,
  runId: string,
  changes: RowChange[],
  at: Date,
  inputs: ReadonlyMap<string, RowInputs> = new Map(),
): ChangeInsert[] {
  const base = { monitorId, runId, at };
  return changes.flatMap((c): ChangeInsert[] => {
    const input = inputs.get(c.data_uuid) ?? null;
    const row = { ...base, dataUuid: c.data_uuid, kind: c.kind, field: null, input };
    switch (c.kind) {
      case 'new':
        return [{ ...row, old: null, new: c.values }];
      case 'removed':
        return [{ ...row, old: c.last, new: null }];
      case 'failed':
        return [{ ...row, old: null, new: { error: c.error } }];
      case 'changed':
        return c.fields.map((f) => ({ ...row, field: f.field, old: f.old ?? null, new: f.new ?? null }));
    }
  });
}

async function insertChunked(tx: Db, table: typeof monitorChanges, rows: ChangeInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK)
    await tx.insert(table).values(rows.slice(i, i + WRITE_CHUNK));
}
