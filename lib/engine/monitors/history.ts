import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { MonitorChange, MonitorRun } from '@/lib/contract/monitors';
import type { Db } from '../db/client';
import { monitorChanges, monitorRuns } from '../db/schema-monitors';
import { badRequest } from '../errors';
import { findMonitor } from './store';

// A monitor's history as the API pages it: its runs, newest first, and its changes, oldest first
// (a timeline reads forward; keyset on the change id, which follows the order they were written).

export async function listRuns(db: Db, monitorId: string, q: { after?: string; limit: number }) {
  await findMonitor(db, monitorId);
  const filters: SQL[] = [eq(monitorRuns.monitorId, monitorId)];
  if (q.after) filters.push(lt(monitorRuns.id, q.after));
  const rows = await db
    .select()
    .from(monitorRuns)
    .where(and(...filters))
    .orderBy(desc(monitorRuns.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r): MonitorRun => ({
      run_id: r.id,
      batch_id: r.batchId,
      trigger: r.trigger as MonitorRun['trigger'],
      tick_at: r.tickAt.toISOString(),
      started_at: r.startedAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
      counts: r.counts ?? null,
      error: r.error,
    })),
    next_after: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

export async function listChanges(
  db: Db,
  monitorId: string,
  q: { after?: string; limit: number; data_uuid?: string; run_id?: string },
) {
  await findMonitor(db, monitorId);
  const filters: SQL[] = [eq(monitorChanges.monitorId, monitorId)];
  if (q.after !== undefined) {
    if (!/^\d+$/.test(q.after))
      throw badRequest('Invalid query', `after must be a change_id, got '${q.after}'`);
    filters.push(gt(monitorChanges.id, Number(q.after)));
  }
  if (q.data_uuid !== undefined) filters.push(eq(monitorChanges.dataUuid, q.data_uuid));
  if (q.run_id !== undefined) filters.push(eq(monitorChanges.runId, q.run_id));
  const rows = await db
    .select()
    .from(monitorChanges)
    .where(and(...filters))
    .orderBy(monitorChanges.id)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((c): MonitorChange => ({
      change_id: c.id,
      run_id: c.runId,
      data_uuid: c.dataUuid,
      kind: c.kind as MonitorChange['kind'],
      input: c.input ?? null,
      field: c.field,
      old: c.old ?? null,
      new: c.new ?? null,
      at: c.at.toISOString(),
    })),
    next_after: rows.length > q.limit ? String(page[page.length - 1]!.id) : null,
  };
}
