import { z } from 'zod';
import { MAX_INPUT_CHARS, formatCount } from './row-limits';
import {
  OutputTypeSchema,
  PageReadSchema,
  SourceSchema,
  TaskDefinitionSchema,
  TaskInputSchema,
  TaskOutputSchema,
} from './task-definition';

// Spec 2.2 — task summary as listed.
export const TaskSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  live_version: z.number().int(),
  max_version: z.number().int(),
  run_count: z.number().int(),
  // Additive: 'auto' while the name follows the task's fields, 'user' once the analyst named it.
  name_source: z.enum(['auto', 'user']),
  // Additive: when the task was archived (hidden from the task lists), null when it is not.
  archived_at: z.string().nullable(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

// Spec 2.3 — detail adds inputs and outputs; outputs carry our extra fields (additive).
export const TaskDetailSchema = TaskSummarySchema.extend({
  inputs: z.array(TaskInputSchema),
  outputs: z.array(TaskOutputSchema.partial().extend({ name: z.string() })),
  list: z.boolean().optional(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

// Spec 2.4 — job result under /v0.1. data_sources, pages and error are our additive fields.
export const JobResultSchema = z.object({
  data_json: z.record(z.string(), z.unknown()),
  list_data_json: z.array(z.record(z.string(), z.unknown())),
  list: z.boolean(),
  job_id: z.string(),
  error_detected: z.boolean(),
  error: z.string().nullable().optional(),
  data_sources: z.record(z.string(), SourceSchema).optional(),
  pages: z.array(PageReadSchema).optional(),
  task_version: z.number().int().optional(),
  elapsed_ms: z.number().optional(),
  extractor: z.enum(['offline', 'model']).optional(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cost_usd: z.number() }).optional(),
  warnings: z.array(z.string()).optional(),
});
export type JobResult = z.infer<typeof JobResultSchema>;

// Spec 2.4 — /v0 dynamic-run result: data_json is an array, no list_data_json/list.
export const V0DynamicResultSchema = z.object({
  data_json: z.array(z.record(z.string(), z.unknown())),
  job_id: z.string(),
  error_detected: z.boolean(),
  error: z.string().nullable().optional(),
});
export type V0DynamicResult = z.infer<typeof V0DynamicResultSchema>;

const MAX_TEXT = 10_000;

// One input-length limit for every way a task runs (run, quick test, dynamic run, saved tests, batch
// rows): the same value a batch row may hold, so what one path takes another never refuses.
const TOO_LONG = `an input may be at most ${formatCount(MAX_INPUT_CHARS)} characters`;
export const RunInputSchema = z.string().max(MAX_INPUT_CHARS, TOO_LONG);
/** An input as the JSON bodies send it: a string or a number (read as its text). */
export const RunInputValueSchema = z.union([z.string(), z.number()]).transform(String).pipe(RunInputSchema);

export const RunTaskRequestSchema = z.object({
  inputs: z.array(RunInputValueSchema).min(1).max(20),
  task_version: z.number().int().min(1).optional(),
});
export type RunTaskRequest = z.infer<typeof RunTaskRequestSchema>;

export const QuickTestRequestSchema = z.object({
  input: RunInputSchema.min(1, 'input must not be empty'),
  task_version: z.number().int().min(1).optional(),
});

export const EditTaskRequestSchema = z.object({
  instruction: z.string().trim().min(1, 'instruction must not be empty').max(MAX_TEXT),
  /** Additive: plan the edit and answer what it would do, storing nothing. */
  dry_run: z.boolean().optional(),
});
export const EditTaskResponseSchema = z.object({
  task_id: z.string(),
  version: z.number().int(),
  message: z.string(),
  changes: z.array(z.string()).optional(),
  // Additive, on dry runs only: the proposed definition and the name the task would have.
  dry_run: z.boolean().optional(),
  definition: TaskDefinitionSchema.optional(),
  name: z.string().optional(),
});

export const CreateTaskRequestSchema = z.object({
  description: z.string().trim().min(1, 'description must not be empty').max(MAX_TEXT),
});
export const CreateTaskResponseSchema = z.object({
  task_id: z.string(),
  name: z.string(),
  message: z.string(),
});

// Spec 2.5 — a dynamic-run item. `formatting.type` and `description` are our documented extras.
export const VariableSearchItemSchema = z.object({
  query: z.string().trim().min(1, 'query must not be empty').max(2000),
  formatting: z
    .object({
      keyword: z.string().trim().min(1, 'formatting.keyword must not be empty').max(100),
      type: OutputTypeSchema.optional(),
      description: z.string().max(2000).optional(),
    })
    .passthrough(),
});

export const DynamicRunRequestSchema = z.object({
  websiteUrl: z.string().trim().min(1, 'websiteUrl must not be empty').pipe(RunInputSchema),
  variableSearchItems: z.array(VariableSearchItemSchema).min(1).max(50),
  turbo: z.boolean().optional(),
});
export type DynamicRunRequest = z.infer<typeof DynamicRunRequestSchema>;
