import { desc, eq, lt, sql } from 'drizzle-orm';
import type { ColumnOptions } from '@/lib/ingest/types';
import type { CreateMonitorRequest, Monitor, Schedule, UpdateMonitorRequest } from '@/lib/contract/monitors';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { monitors } from '../db/schema-monitors';
import { badRequest, notFound } from '../errors';
import { newId } from '../ids';
import { validateWebhookUrl } from '../batches/create';
import type { ScanSource } from '../batches/scan-thread/client';
import { loadDefinition } from '../tasks/queries';
import type { AlertRule } from './row-changes';
import { checkSchedule, firstTick } from './schedule';
import { assertSheetFits, copyBatchSheet, dropSheet, storeUploadedSheet } from './sheet';
import { scheduleOf, type MonitorRow } from './tick';

// Monitors as the API reads and writes them: create (with the sheet from an upload or a batch), read,
// update, pause and resume. Runs and their comparison live in tick.ts and compare-run.ts.

export interface MonitorDeps {
  db: Db;
  allowPrivate: boolean;
}

export type SheetSource =
  | { kind: 'batch'; batchId: string }
  | { kind: 'upload'; source: ScanSource; filename: string; options: ColumnOptions };

export async function findMonitor(db: Db, id: string): Promise<MonitorRow> {
  const [m] = await db.select().from(monitors).where(eq(monitors.id, id));
  if (!m) throw notFound('Monitor', id);
  return m;
}

/** A rule may only name the task's outputs: a typo would otherwise never alert. */
function checkRule(rule: AlertRule, def: TaskDefinition): void {
  if (rule.kind === 'any') return;
  const names = new Set(def.outputs.map((o) => o.name));
  const unknown = rule.fields.filter((f) => !names.has(f));
  if (unknown.length)
    throw badRequest(
      'Invalid rule',
      `rule.fields names ${unknown.map((f) => `'${f}'`).join(', ')}, not an output of the task (outputs: ${[...names].join(', ')})`,
    );
}

const scheduleColumns = (s: Schedule) => ({
  scheduleKind: s.kind,
  intervalSeconds: s.kind === 'interval' ? s.seconds : null,
  cron: s.kind === 'cron' ? s.cron : null,
  timeZone: s.kind === 'cron' ? s.time_zone : null,
});

export async function createMonitor(
  deps: MonitorDeps,
  req: CreateMonitorRequest,
  sheet: SheetSource,
  now: Date,
): Promise<Monitor> {
  checkSchedule(req.schedule);
  const webhookUrl = validateWebhookUrl(req.webhook_url, deps.allowPrivate);
  const { task, version, definition } = await loadDefinition(deps.db, req.task_id, req.task_version);
  checkRule(req.rule, definition);
  const id = newId('mon');
  const values = {
    id,
    name: req.name ?? `${task.name} monitor`,
    taskId: task.id,
    taskVersion: req.task_version === undefined ? null : version,
    ...scheduleColumns(req.schedule),
    rule: req.rule,
    webhookUrl,
    // The first run starts at once: it takes the baseline later runs are compared with.
    nextRunAt: now,
    createdAt: now,
    updatedAt: now,
  };
  if (sheet.kind === 'upload') {
    // The sheet is written first (a monitor row is never visible without it); dropped on failure.
    const scan = await storeUploadedSheet(
      deps.db,
      id,
      sheet.source,
      sheet.filename,
      definition,
      sheet.options,
    );
    await deps.db
      .insert(monitors)
      .values({ ...values, sheetRows: scan.good })
      .catch(async (err: unknown) => {
        await dropSheet(deps.db, id);
        throw err;
      });
  } else {
    await deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const rows = await copyBatchSheet(tx, id, sheet.batchId, task.id);
      await assertSheetFits(tx, id, definition);
      await tx.insert(monitors).values({ ...values, sheetRows: rows });
    });
  }
  return getMonitor(deps.db, id);
}

export async function getMonitor(db: Db, id: string): Promise<Monitor> {
  return toMonitor(await findMonitor(db, id), await lastChangeAt(db, [id]));
}

async function lastChangeAt(db: Db, ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map();
  // Failures are reported, not changes: the last change is the last new, changed or removed row.
  const rows = await db.execute(sql`
    SELECT monitor_id, max(at) AS at FROM monitor_changes
    WHERE monitor_id = ANY(${sql.param(ids)}::text[]) AND kind <> 'failed' GROUP BY monitor_id`);
  const list = (rows as unknown as { rows: { monitor_id: string; at: string | Date }[] }).rows;
  return new Map(list.map((r) => [r.monitor_id, new Date(r.at)]));
}

/** Newest first; `after` is the last monitor id of the previous page. */
export async function listMonitors(db: Db, q: { after?: string; limit: number }) {
  const rows = await db
    .select()
    .from(monitors)
    .where(q.after ? lt(monitors.id, q.after) : undefined)
    .orderBy(desc(monitors.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = await lastChangeAt(
    db,
    page.map((m) => m.id),
  );
  return {
    items: page.map((m) => toMonitor(m, last)),
    next_after: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

export async function updateMonitor(
  deps: MonitorDeps,
  id: string,
  body: UpdateMonitorRequest,
  now: Date,
): Promise<Monitor> {
  const m = await findMonitor(deps.db, id);
  const set: Partial<typeof monitors.$inferInsert> = { updatedAt: now };
  if (body.name !== undefined) set.name = body.name;
  if (body.webhook_url !== undefined)
    set.webhookUrl = validateWebhookUrl(body.webhook_url, deps.allowPrivate);
  const version =
    body.task_version === undefined ? (m.taskVersion ?? undefined) : (body.task_version ?? undefined);
  const { definition } = await loadDefinition(deps.db, m.taskId, version);
  if (body.task_version !== undefined) set.taskVersion = body.task_version;
  if (body.rule) {
    checkRule(body.rule, definition);
    set.rule = body.rule;
  }
  if (body.schedule) {
    checkSchedule(body.schedule);
    Object.assign(set, scheduleColumns(body.schedule), { nextRunAt: firstTick(body.schedule, now) });
  }
  await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (body.from_batch_id) set.sheetRows = await copyBatchSheet(tx, id, body.from_batch_id, m.taskId);
    if (body.from_batch_id || body.task_version !== undefined) await assertSheetFits(tx, id, definition);
    await tx.update(monitors).set(set).where(eq(monitors.id, id));
  });
  return getMonitor(deps.db, id);
}

/**
 * Deletes a monitor with its kept sheet, runs, changes and baselines. The batches its runs made stay,
 * as batches (a running one runs to its end and is no longer compared). A tick claimed at the same
 * moment holds the monitor's row: the delete waits for it and removes the run it made.
 */
export async function deleteMonitor(db: Db, id: string): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const gone = await tx.delete(monitors).where(eq(monitors.id, id)).returning({ id: monitors.id });
    if (!gone.length) throw notFound('Monitor', id);
    await dropSheet(tx, id);
  });
}

/**
 * Pause or resume. A resumed monitor keeps its next tick: if that passed while paused it runs once at
 * once (one catch-up run, however many ticks were missed), then follows its schedule.
 */
export async function setPaused(db: Db, id: string, paused: boolean, now: Date): Promise<Monitor> {
  const done = await db
    .update(monitors)
    .set({ paused, updatedAt: now })
    .where(eq(monitors.id, id))
    .returning({ id: monitors.id });
  if (!done.length) throw notFound('Monitor', id);
  return getMonitor(db, id);
}

export function toMonitor(m: MonitorRow, lastChange: Map<string, Date>): Monitor {
  return {
    monitor_id: m.id,
    name: m.name,
    task_id: m.taskId,
    task_version: m.taskVersion,
    sheet_rows: m.sheetRows,
    schedule: scheduleOf(m),
    rule: m.rule as AlertRule,
    webhook_url: m.webhookUrl,
    paused: m.paused,
    next_run_at: m.paused ? null : (m.nextRunAt?.toISOString() ?? null),
    last_run_at: m.lastRunAt?.toISOString() ?? null,
    last_change_at: lastChange.get(m.id)?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
  };
}
