import { eq, sql } from 'drizzle-orm';
import type { Schedule } from '@/lib/contract/monitors';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { batches } from '../db/schema';
import { monitorRuns, monitors } from '../db/schema-monitors';
import { conflict } from '../errors';
import { newId } from '../ids';
import { loadDefinition } from '../tasks/queries';
import { copySheetToBatch, sheetMisfit } from './sheet';

// Starting a monitor's run: the claim of its tick, its batch (the kept sheet's rows, queued like an
// upload) and its run row, all in one transaction. The claim is one guarded UPDATE: on PostgreSQL a
// second process waits on the row lock and then finds the condition false, so one process wins each
// tick; and a crash before the commit leaves nothing behind (no run without a batch, no tick spent).

export type MonitorRow = typeof monitors.$inferSelect;

export function scheduleOf(m: MonitorRow): Schedule {
  return m.scheduleKind === 'cron'
    ? { kind: 'cron', cron: m.cron!, time_zone: m.timeZone ?? 'UTC' }
    : { kind: 'interval', seconds: m.intervalSeconds! };
}

export interface StartedRun {
  runId: string;
  /** Null for a tick that ran no batch (see monitor_runs.error). */
  batchId: string | null;
  rows: number;
}

const iso = (d: Date) => d.toISOString();

/** No run of this monitor is unfinished (its batch not yet compared). */
const noOpenRun = sql`NOT EXISTS (SELECT 1 FROM monitor_runs r WHERE r.monitor_id = monitors.id AND r.finished_at IS NULL)`;

/**
 * Starts the scheduled run of `m` due at `m.nextRunAt` (as read), moving the tick to `next`. Null when
 * another process took that tick, the monitor was paused or rescheduled meanwhile, or its previous run
 * is still going (the tick then stays due, and runs once that one is compared: one catch-up run).
 */
export function startScheduledRun(db: Db, m: MonitorRow, now: Date, next: Date | null) {
  // As read, to the millisecond a Date holds (the column may hold microseconds, written by SQL).
  const seen = m.nextRunAt;
  if (!seen) return Promise.resolve(null);
  return startRun(db, m, now, seen, 'schedule', async (tx) => {
    const won = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE monitors SET next_run_at = ${next && iso(next)}::timestamptz, last_run_at = ${iso(now)}::timestamptz
          WHERE id = ${m.id} AND date_trunc('milliseconds', next_run_at) = ${iso(seen)}::timestamptz
            AND NOT paused AND ${noOpenRun}
          RETURNING id`,
    );
    return won.length > 0;
  });
}

/** "Run now": a run outside the schedule (which stays as it was). 409 while a run is still going. */
export async function startManualRun(
  db: Db,
  m: MonitorRow,
  now: Date,
): Promise<StartedRun & { batchId: string }> {
  const run = await startRun(db, m, now, now, 'manual', async (tx) => {
    const won = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE monitors SET last_run_at = ${iso(now)}::timestamptz
          WHERE id = ${m.id} AND ${noOpenRun} RETURNING id`,
    );
    return won.length > 0;
  }).catch((err: unknown) => {
    // Two run-now requests at once: the second's run row breaks the one-open-run index.
    if (/monitor_runs_one_open_idx|duplicate key/.test(String((err as Error)?.message))) return null;
    throw err;
  });
  if (!run) throw conflict('Run still going', `monitor ${m.id} has a run that is not finished yet`);
  return run as StartedRun & { batchId: string }; // a manual run without a batch throws instead
}

async function startRun(
  db: Db,
  m: MonitorRow,
  now: Date,
  tickAt: Date,
  trigger: 'schedule' | 'manual',
  claim: (tx: Db) => Promise<boolean>,
): Promise<StartedRun | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (!(await claim(tx))) return null;
    const runId = newId('mrun');
    const { version, definition } = await loadDefinition(tx, m.taskId, m.taskVersion ?? undefined);
    // A monitor following the live version meets a version with other inputs: no batch (its jobs
    // would answer other questions). A run now says so; a scheduled tick is spent, its run says why.
    const misfit = await sheetMisfit(tx, m.id, definition);
    if (misfit && trigger === 'manual') throw conflict('Sheet does not fit the task version', misfit);
    if (misfit) {
      await tx.insert(monitorRuns).values({
        id: runId,
        monitorId: m.id,
        tickAt,
        trigger,
        startedAt: now,
        finishedAt: now,
        error: `no run: ${misfit}`,
      });
      return { runId, batchId: null, rows: 0 };
    }
    const batchId = newId('batch');
    await tx.insert(batches).values({
      id: batchId,
      taskId: m.taskId,
      taskVersion: version,
      name: `${m.name} · ${iso(tickAt).slice(0, 16).replace('T', ' ')}`,
      createdAt: now,
      jobStatus: 'INGESTING',
      inputFormat: 'jsonl',
    });
    const rows = await copySheetToBatch(tx, m.id, batchId);
    await tx
      .update(batches)
      .set({ jobStatus: 'QUEUED', jobsSubmitted: rows, jobsAdded: rows })
      .where(eq(batches.id, batchId));
    await tx
      .insert(monitorRuns)
      .values({ id: runId, monitorId: m.id, batchId, tickAt, trigger, startedAt: now });
    return { runId, batchId, rows };
  });
}
