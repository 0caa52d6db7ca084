import { z } from 'zod';

export const RowErrorSchema = z.object({ error_index: z.number().int(), error_message: z.string() });

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLING', 'CANCELLED'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

// Spec 2.6 — list-batches items carry only these.
export const BatchSummarySchema = z.object({
  batch_id: z.string(),
  task_id: z.string(),
  task_version: z.string(),
  batch_name: z.string(),
  created_at: z.string(),
  completed: z.boolean(),
  cancelled: z.boolean(),
});
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

export const BatchDetailSchema = BatchSummarySchema.extend({
  jobs_submitted: z.number().int(),
  jobs_completed: z.number().int(),
  job_status: JobStatusSchema,
  // additive
  jobs_added: z.number().int().optional(),
  jobs_failed: z.number().int().optional(),
  jobs_removed: z.number().int().optional(),
  webhook_url: z.string().optional(),
  finished_at: z.string().nullable().optional(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cost_usd: z.number() }).optional(),
});
export type BatchDetail = z.infer<typeof BatchDetailSchema>;

export const CreateBatchResponseSchema = z.object({
  batch_id: z.string(),
  jobs_submitted: z.number().int(),
  jobs_added: z.number().int(),
  jobs_failed_error_indexes: z.array(RowErrorSchema),
  estimated_time_to_start: z.string(),
  estimated_time_to_complete: z.string(),
  webhook_url: z.string(),
});
export type CreateBatchResponse = z.infer<typeof CreateBatchResponseSchema>;

export const ValidationReportSchema = z.object({
  job_count: z.number().int(),
  job_improper_format_count: z.number().int(),
  job_improper_format: z.array(RowErrorSchema),
});

export const CancelBatchResponseSchema = z.object({
  batch_id: z.string(),
  cancelled: z.boolean(),
  jobs_removed: z.number().int(),
});

export const UpdateBatchRequestSchema = z.object({ webhook_url: z.string().max(2048) });
export const UpdateBatchResponseSchema = BatchSummarySchema.extend({
  task_version: z.number().int(),
  webhook_url: z.string(),
});

export const ResultRowSchema = z.object({
  data_uuid: z.string(),
  inputs: z.array(z.string()),
  data_json: z.record(z.string(), z.unknown()).nullable(),
  list_data_json: z.array(z.record(z.string(), z.unknown())).nullable(),
  list: z.boolean(),
  job_id: z.string(),
  error_detected: z.boolean(),
  error: z.string().nullable(),
  status: z.enum(['pending', 'running', 'succeeded', 'failed', 'removed']),
  task_version: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  data_sources: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ResultRow = z.infer<typeof ResultRowSchema>;

export const ResultsPayloadSchema = z.object({ data: z.array(ResultRowSchema) });

export const ListBatchesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  page_size: z.coerce.number().int().min(1).max(500, 'page_size must be at most 500').default(50),
  task_id: z.string().optional(),
  status: z.enum(JOB_STATUSES).optional(),
});

export const ResultsQuerySchema = z.object({
  output_type: z.enum(['raw', 'stream', 'webhook']).default('raw'),
  webhook_url: z.string().max(2048).optional(),
  format: z.enum(['jsonl', 'csv', 'xlsx', 'json']).optional(),
});
