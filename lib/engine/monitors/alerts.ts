import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { monitorChanges, monitorRuns, monitors } from '../db/schema-monitors';
import type { ComparedRun } from './compare-run';
import { changesToAlert, type AlertRule, type RowChange } from './row-changes';
import type { RowInputs } from './row-inputs';

/** A change as the event carries it: with the row's inputs in the run (null for a removed row). */
export type EventChange = RowChange & { input: RowInputs | null };

// The `monitor.changed` webhook event: a run's changes that the monitor's rule lets through, sent
// through the batch webhooks' deliveries (same Standard Webhooks signing, retries and delivery log,
// listed under the run's batch). Queued in the transaction that writes the changes, only when the rule
// lets something through; the body is built when sent, from the stored changes, like a batch's parts.

export const CHANGE_EVENT_KIND = 'monitor_changed';
/** Changes carried by one event at most; `changes_total` says how many the run had. */
export const MAX_EVENT_CHANGES = 1000;

/** Inside compareRun's transaction: queue the event if the rule lets a change through. */
export async function queueChangeAlert(tx: Db, run: ComparedRun): Promise<void> {
  const [m] = await tx
    .select({ rule: monitors.rule, url: monitors.webhookUrl })
    .from(monitors)
    .where(eq(monitors.id, run.monitorId));
  if (!m?.url) return;
  if (changesToAlert(run.diff.changes, m.rule as AlertRule).length === 0) return;
  const [r] = await tx
    .select({ batchId: monitorRuns.batchId })
    .from(monitorRuns)
    .where(eq(monitorRuns.id, run.runId));
  // The id is derived from the run: queued twice (it is not: the transaction is the run's one comparison),
  // it would still be one delivery.
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (id, batch_id, url, kind, part, parts)
    VALUES (${`whd_${run.runId}_changed`}, ${r!.batchId}, ${m.url}, ${CHANGE_EVENT_KIND}, 1, 1)
    ON CONFLICT (id) DO NOTHING`);
}

export interface ChangeEvent {
  type: 'monitor.changed';
  timestamp: string;
  data: {
    monitor_id: string;
    name: string;
    run_id: string;
    batch_id: string | null;
    tick_at: string;
    finished_at: string | null;
    changes: EventChange[];
    changes_total: number;
  };
}

/** The event of the delivery's run (deliveries of this kind are one part per run, id `whd_<run>_changed`). */
export async function buildChangeEvent(db: Db, delivery: { id: string }): Promise<ChangeEvent> {
  const runId = /^whd_(.+)_changed$/.exec(delivery.id)?.[1];
  const [found] = runId
    ? await db
        .select({ run: monitorRuns, monitor: monitors })
        .from(monitorRuns)
        .innerJoin(monitors, eq(monitors.id, monitorRuns.monitorId))
        .where(eq(monitorRuns.id, runId))
    : [];
  if (!found) throw new Error(`the monitor run of delivery ${delivery.id} no longer exists`);
  const stored = await db
    .select()
    .from(monitorChanges)
    .where(eq(monitorChanges.runId, found.run.id))
    .orderBy(asc(monitorChanges.id));
  const changes = changesToAlert(asRowChanges(stored), found.monitor.rule as AlertRule) as EventChange[];
  return {
    type: 'monitor.changed',
    timestamp: new Date().toISOString(),
    data: {
      monitor_id: found.monitor.id,
      name: found.monitor.name,
      run_id: found.run.id,
      batch_id: found.run.batchId,
      tick_at: found.run.tickAt.toISOString(),
      finished_at: found.run.finishedAt?.toISOString() ?? null,
      changes: changes.slice(0, MAX_EVENT_CHANGES),
      changes_total: changes.length,
    },
  };
}

/** The stored rows (one per changed field) back as row changes (one per row), in the order written. */
function asRowChanges(rows: (typeof monitorChanges.$inferSelect)[]): EventChange[] {
  const out: EventChange[] = [];
  const changedRow = new Map<string, Extract<EventChange, { kind: 'changed' }>>();
  for (const c of rows) {
    const input = c.input ?? null;
    if (c.kind === 'changed') {
      let row = changedRow.get(c.dataUuid);
      if (!row) {
        row = { kind: 'changed', data_uuid: c.dataUuid, fields: [], input };
        changedRow.set(c.dataUuid, row);
        out.push(row);
      }
      row.fields.push({ field: c.field!, old: c.old, new: c.new });
    } else if (c.kind === 'new')
      out.push({ kind: 'new', data_uuid: c.dataUuid, values: c.new as Record<string, unknown>, input });
    else if (c.kind === 'removed')
      out.push({ kind: 'removed', data_uuid: c.dataUuid, last: c.old as Record<string, unknown>, input });
    else
      out.push({
        kind: 'failed',
        data_uuid: c.dataUuid,
        error: (c.new as { error?: string } | null)?.error ?? 'failed',
        input,
      });
  }
  return out;
}
