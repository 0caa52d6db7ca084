import { z } from 'zod';
import { ResultRowSchema } from './batches';

// Wire shapes of the batch extensions (additive, /v0.1, advertised by /v0.1/capabilities).

export const ROW_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'removed'] as const;
export const RowStatusSchema = z.enum(ROW_STATUSES);
export type RowStatus = z.infer<typeof RowStatusSchema>;

/** One row of a batch in input order: a result row plus its position (`seq`, 0-based over data rows). */
export const BatchRowSchema = ResultRowSchema.extend({
  seq: z.number().int(),
  /** The row the analyst sees: spreadsheet row (seq + 2: header on row 1) or JSONL line (seq + 1). */
  row_number: z.number().int().optional(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

export const BatchRowsQuerySchema = z.object({
  /** Keyset paging: rows with seq greater than this (exclusive); not the batch cursor (next_ord). */
  after: z.coerce.number().int().min(-1).default(-1),
  limit: z.coerce.number().int().min(1).max(1000, 'limit must be at most 1000').default(200),
  /** Comma-separated statuses; all when omitted. */
  status: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const parts = s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      for (const p of parts) {
        if (!(ROW_STATUSES as readonly string[]).includes(p)) {
          ctx.addIssue({ code: 'custom', message: `unknown status '${p}'; use ${ROW_STATUSES.join(', ')}` });
          return z.NEVER;
        }
      }
      return parts as RowStatus[];
    }),
});

export const RowCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
});
export type RowCounts = z.infer<typeof RowCountsSchema>;

export const BatchRowsPageSchema = z.object({
  rows: z.array(BatchRowSchema),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.number().int().nullable(),
  counts: RowCountsSchema,
});
export type BatchRowsPage = z.infer<typeof BatchRowsPageSchema>;

/** One Server-Sent Event of GET /v0.1/batches/{id}/events (event name `progress`). */
export const BatchProgressEventSchema = z.object({
  batch_id: z.string(),
  job_status: z.string(),
  completed: z.boolean(),
  cancelled: z.boolean(),
  counts: RowCountsSchema,
  /** Rows finished per minute over the last minute of this stream (null until two samples). */
  rows_per_minute: z.number().nullable(),
  at: z.string(),
});
export type BatchProgressEvent = z.infer<typeof BatchProgressEventSchema>;

export const BatchLinkSchema = z.object({
  batch_id: z.string(),
  relation: z.enum(['retry', 'rerun']),
  created_at: z.string(),
});
export const BatchLinksSchema = z.object({
  parent: BatchLinkSchema.nullable(),
  children: z.array(BatchLinkSchema),
  /** The monitor whose run this batch is (issue 32), or null. */
  monitor: z.object({ monitor_id: z.string(), name: z.string(), run_id: z.string() }).nullable(),
});
export type BatchLinks = z.infer<typeof BatchLinksSchema>;

export const RerunRequestSchema = z.object({
  task_version: z.number().int().min(1),
  batch_name: z.string().trim().max(200).optional(),
  webhook_url: z.string().max(2048).optional(),
});
export type RerunRequest = z.infer<typeof RerunRequestSchema>;

export const RetryFailedRequestSchema = z.object({
  batch_name: z.string().trim().max(200).optional(),
  webhook_url: z.string().max(2048).optional(),
});

export const DerivedBatchResponseSchema = z.object({
  batch_id: z.string(),
  parent_batch_id: z.string(),
  relation: z.enum(['retry', 'rerun']),
  task_version: z.number().int(),
  jobs_added: z.number().int(),
});
export type DerivedBatchResponse = z.infer<typeof DerivedBatchResponseSchema>;

export const CompareQuerySchema = z.object({
  with: z.string().min(1, 'with (the other batch id) is required'),
  limit: z.coerce.number().int().min(0).max(500).default(100),
});

export const FieldComparisonSchema = z.object({
  field: z.string(),
  same: z.number().int(),
  differs: z.number().int(),
});
export const ComparisonSchema = z.object({
  batch_id: z.string(),
  other_batch_id: z.string(),
  task_version: z.number().int(),
  other_task_version: z.number().int(),
  /** Rows present (by data_uuid) in both batches and finished in both. */
  compared_rows: z.number().int(),
  only_here: z.number().int(),
  only_other: z.number().int(),
  fields: z.array(FieldComparisonSchema),
  /** The first rows with a difference, one entry per differing field. */
  differences: z.array(
    z.object({ data_uuid: z.string(), field: z.string(), value: z.unknown(), other_value: z.unknown() }),
  ),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

export const WebhookAttemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().nullable(),
});
export const WebhookDeliverySchema = z.object({
  delivery_id: z.string(),
  batch_id: z.string(),
  url: z.string(),
  kind: z.string(),
  part: z.number().int(),
  parts: z.number().int(),
  state: z.string(),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const EstimateQuerySchema = z.object({
  rows: z.coerce.number().int().min(1).max(10_000_000),
  // Seconds one job of this task takes, measured by a sample run: the estimate then runs at that pace
  // instead of the recent queue's.
  job_seconds: z.coerce.number().positive().max(3600).optional(),
});
export const EstimateResponseSchema = z.object({
  rows: z.number().int(),
  /** What the pace came from: recent batches ('queue') or the caller's sample run ('sample'). */
  basis: z.enum(['queue', 'sample']),
  /** Jobs that run at once for one batch (the worker's concurrency). */
  concurrency: z.number().int(),
  estimated_time_to_start: z.string(),
  estimated_time_to_complete: z.string(),
});
export type EstimateResponse = z.infer<typeof EstimateResponseSchema>;

export const DownloadQuerySchema = z.object({
  format: z.enum(['jsonl', 'json', 'csv', 'xlsx']).default('csv'),
  /** CSV/XLSX: add each answer's source page and confidence as columns after the answers. */
  sources: z.stringbool().default(false),
});
