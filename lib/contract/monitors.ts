import { z } from 'zod';

// Wire shapes of monitors (issue 32; additive, /v0.1): a kept sheet run on a schedule, each run's rows
// compared field by field with the values they had before.

/** Shortest interval between ticks: a monitor is a weekly or daily watch, not a polling loop. */
export const MIN_INTERVAL_SECONDS = 60;

export const ScheduleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('interval'),
    seconds: z
      .number()
      .int('seconds must be a whole number')
      .min(MIN_INTERVAL_SECONDS, `seconds must be at least ${MIN_INTERVAL_SECONDS}`)
      .max(366 * 86_400, 'seconds must be at most a year'),
  }),
  z.object({
    kind: z.literal('cron'),
    /** Five or six fields (seconds first when six), read by croner. */
    cron: z.string().trim().min(1, 'cron must not be empty').max(200),
    /** IANA time zone the expression is read in, e.g. Europe/Berlin; UTC when omitted. */
    time_zone: z.string().trim().min(1).max(100).default('UTC'),
  }),
]);
export type Schedule = z.infer<typeof ScheduleSchema>;

const fieldList = z.array(z.string().min(1)).min(1, 'name at least one field').max(100);

/** When a run's changes are sent as a `monitor.changed` event. */
export const AlertRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('any') }),
  z.object({ kind: z.literal('fields'), fields: fieldList }),
  z.object({
    kind: z.literal('number_move'),
    fields: fieldList,
    percent: z.number().positive('percent must be more than 0').max(1_000_000),
  }),
]);

const name = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(200, 'name must be at most 200 characters');
const webhookUrl = z.string().max(2048, 'webhook_url must be at most 2048 characters');

/**
 * POST /v0.1/monitors as JSON (the sheet is `from_batch_id`'s rows), or as multipart: the same fields
 * as form fields (`schedule` and `rule` JSON-encoded) and the sheet as a `batch_input_data` file.
 */
export const CreateMonitorRequestSchema = z.object({
  task_id: z.string().trim().min(1, 'task_id is required'),
  task_version: z.number().int().min(1, 'task_version must be a positive integer').optional(),
  name: name.optional(),
  schedule: ScheduleSchema,
  rule: AlertRuleSchema.default({ kind: 'any' }),
  webhook_url: webhookUrl.optional(),
  from_batch_id: z.string().trim().min(1).optional(),
});
export type CreateMonitorRequest = z.infer<typeof CreateMonitorRequestSchema>;

/** PATCH /v0.1/monitors/{id}: any of these; `task_version: null` follows the live version again. */
export const UpdateMonitorRequestSchema = z
  .object({
    name: name.optional(),
    task_version: z.number().int().min(1, 'task_version must be a positive integer').nullable().optional(),
    schedule: ScheduleSchema.optional(),
    rule: AlertRuleSchema.optional(),
    webhook_url: webhookUrl.optional(),
    /** Replaces the kept sheet with this batch's rows (rows gone from it are reported removed). */
    from_batch_id: z.string().trim().min(1).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'name at least one field to change');
export type UpdateMonitorRequest = z.infer<typeof UpdateMonitorRequestSchema>;

export const MonitorRunSchema = z.object({
  run_id: z.string(),
  batch_id: z.string().nullable(),
  trigger: z.enum(['schedule', 'manual']),
  tick_at: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** new / changed / unchanged / removed / failed rows; null until the run is compared. */
  counts: z.record(z.string(), z.number()).nullable(),
  /** Why the tick ran no batch (the live version no longer takes the sheet's inputs); null otherwise. */
  error: z.string().nullable(),
});
export type MonitorRun = z.infer<typeof MonitorRunSchema>;

export const MonitorSchema = z.object({
  monitor_id: z.string(),
  name: z.string(),
  task_id: z.string(),
  /** Null: each run uses the task's live version. */
  task_version: z.number().int().nullable(),
  sheet_rows: z.number().int(),
  schedule: ScheduleSchema,
  rule: AlertRuleSchema,
  webhook_url: z.string(),
  paused: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_change_at: z.string().nullable(),
  created_at: z.string(),
});
export type Monitor = z.infer<typeof MonitorSchema>;

export const MonitorChangeSchema = z.object({
  change_id: z.number().int(),
  run_id: z.string(),
  data_uuid: z.string(),
  kind: z.enum(['new', 'changed', 'removed', 'failed']),
  /** The row's inputs in the run (input name → value); null for a removed row. */
  input: z.record(z.string(), z.string()).nullable(),
  /** The field that changed; null for a whole row (new, removed, failed). */
  field: z.string().nullable(),
  old: z.unknown(),
  new: z.unknown(),
  at: z.string(),
});
export type MonitorChange = z.infer<typeof MonitorChangeSchema>;

export const PageQuerySchema = z.object({
  /** Keyset paging: items after this cursor (the previous page's `next_after`). */
  after: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500, 'limit must be at most 500').default(100),
});

export const ChangesQuerySchema = PageQuerySchema.extend({
  data_uuid: z.string().optional(),
  run_id: z.string().optional(),
});
