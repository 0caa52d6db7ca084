import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches, tasks } from './schema';

// Monitors (issue 32): a kept sheet run on a schedule, each run's rows compared with the last values
// they had. Kept apart from schema.ts (which re-exports them) so neither file outgrows its subject.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const monitors = pgTable(
  'monitors',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    taskId: text('task_id')
      .notNull()
      .references(() => tasks.id),
    // Null: each run uses the task's live version at the time of its tick.
    taskVersion: integer('task_version'),
    sheetRows: integer('sheet_rows').notNull().default(0),
    scheduleKind: text('schedule_kind').notNull(), // interval | cron
    intervalSeconds: integer('interval_seconds'),
    cron: text('cron'),
    timeZone: text('time_zone'),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    webhookUrl: text('webhook_url').notNull().default(''),
    paused: boolean('paused').notNull().default(false),
    // Null: no tick ahead (a cron expression with no further time).
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('monitors_due_idx')
      .on(t.nextRunAt)
      .where(sql`NOT paused`),
  ],
);

/**
 * A monitor's kept sheet: its accepted input rows, in the row-block format of batch_rows, so a tick
 * copies them into its batch with one INSERT … SELECT. No foreign key: an upload writes the blocks
 * before the monitor row exists (the monitor is never visible without its sheet).
 */
export const monitorRows = pgTable(
  'monitor_rows',
  {
    monitorId: text('monitor_id').notNull(),
    block: integer('block').notNull(),
    rows: text('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.block] })],
);

export const monitorRuns = pgTable(
  'monitor_runs',
  {
    id: text('id').primaryKey(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    // The scheduled time this run stands for (the time asked for, for a run-now).
    tickAt: ts('tick_at').notNull(),
    trigger: text('trigger').notNull(), // schedule | manual
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    // Why a tick ran no batch (the live version no longer takes the sheet's inputs); null otherwise.
    error: text('error'),
  },
  (t) => [
    index('monitor_runs_monitor_idx').on(t.monitorId, t.startedAt),
    // At most one unfinished run per monitor, whatever races the claims lose.
    uniqueIndex('monitor_runs_one_open_idx')
      .on(t.monitorId)
      .where(sql`finished_at IS NULL`),
  ],
);

export const monitorChanges = pgTable(
  'monitor_changes',
  {
    // In the order the changes were written: the keyset of the changes listing.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    runId: text('run_id')
      .notNull()
      .references(() => monitorRuns.id, { onDelete: 'cascade' }),
    dataUuid: text('data_uuid').notNull(),
    kind: text('kind').notNull(), // new | changed | removed | failed
    // The field for a change of one field; null for a whole row (new, removed, failed).
    field: text('field'),
    old: jsonb('old'),
    new: jsonb('new'),
    // The row's inputs in the run's batch (name → value); null for a removed row, no longer in it.
    input: jsonb('input').$type<Record<string, string>>(),
    at: ts('at').notNull(),
  },
  (t) => [index('monitor_changes_monitor_idx').on(t.monitorId, t.id)],
);

/** Each row's values after the last run it succeeded in: what the next run is compared with. */
export const monitorBaselines = pgTable(
  'monitor_baselines',
  {
    monitorId: text('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    dataUuid: text('data_uuid').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.monitorId, t.dataUuid] })],
);
