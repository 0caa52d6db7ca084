import { z } from 'zod';
import { TaskDefinitionSchema, TaskInputSchema, TaskOutputSchema } from './task-definition';
import { RunInputValueSchema } from './tasks';

// Our additive /v0.1 extensions (not in the spec). Same envelope and auth as the spec's endpoints;
// clients discover them with GET /v0.1/capabilities and must work without them.

/** Names a client checks before showing a feature. */
export const EXTENSIONS = [
  'task_versions',
  'set_live_version',
  'saved_tests',
  'openapi',
  'batch_events',
  'batch_rows',
  'batch_retry',
  'batch_rerun',
  'batch_compare',
  'webhook_deliveries',
  'batch_downloads',
  'batch_estimate',
  'task_edit_preview',
  'task_definition_edit',
  'task_rename',
  'task_archive',
  'monitors',
] as const;
export const ExtensionNameSchema = z.enum(EXTENSIONS);
export type ExtensionName = z.infer<typeof ExtensionNameSchema>;

export const CapabilitiesResponseSchema = z.object({
  service: z.string(),
  api_versions: z.array(z.string()),
  extensions: z.array(z.string()),
});
export type CapabilitiesResponse = z.infer<typeof CapabilitiesResponseSchema>;

/** One version of a task: the definition it had and the instruction that produced it (null for v1). */
export const TaskVersionSchema = z.object({
  version: z.number().int().min(1),
  created_at: z.string(),
  instruction: z.string().nullable(),
  changes: z.array(z.string()),
  is_live: z.boolean(),
  definition: TaskDefinitionSchema,
});
export type TaskVersion = z.infer<typeof TaskVersionSchema>;

export const SetLiveVersionRequestSchema = z.object({ version: z.number().int().min(1) });
export type SetLiveVersionRequest = z.infer<typeof SetLiveVersionRequestSchema>;
export const SetLiveVersionResponseSchema = z.object({
  task_id: z.string(),
  live_version: z.number().int(),
  max_version: z.number().int(),
});

export const SavedTestSchema = z.object({
  id: z.string(),
  task_id: z.string(),
  label: z.string(),
  inputs: z.array(z.string()),
  created_at: z.string(),
});
export type SavedTest = z.infer<typeof SavedTestSchema>;

export const CreateSavedTestRequestSchema = z.object({
  inputs: z.array(RunInputValueSchema).min(1).max(20),
  label: z.string().trim().max(200).optional(),
});
export type CreateSavedTestRequest = z.input<typeof CreateSavedTestRequestSchema>;

export const MAX_SAVED_TESTS_PER_TASK = 50;

/**
 * One output as the field editor sends it: the whole output, plus `previous_name` when it is an
 * existing output renamed. `query` and `description` may be left out for an existing output (kept as
 * they are); a new output needs a query.
 */
export const EditedOutputSchema = TaskOutputSchema.extend({
  previous_name: TaskOutputSchema.shape.name.optional(),
  query: z.string().trim().max(2000).optional(),
  description: z.string().max(2000).optional(),
});
export type EditedOutput = z.infer<typeof EditedOutputSchema>;

export const UpdateDefinitionRequestSchema = z.object({
  outputs: z.array(EditedOutputSchema).min(1, 'a task needs at least one output').max(100),
  inputs: z.array(TaskInputSchema).min(1, 'a task needs at least one input').max(20).optional(),
  list: z.boolean().optional(),
  /** The max_version the editor started from; a different current max_version answers 409. */
  base_version: z.number().int().min(1).optional(),
  dry_run: z.boolean().optional(),
});
export type UpdateDefinitionRequest = z.infer<typeof UpdateDefinitionRequestSchema>;

/** A saved (or, with dry_run, proposed) version: its number, change summary, definition and the task's name. */
export const TaskEditResultSchema = z.object({
  task_id: z.string(),
  version: z.number().int(),
  message: z.string(),
  changes: z.array(z.string()),
  definition: TaskDefinitionSchema,
  name: z.string(),
  dry_run: z.boolean().optional(),
});
export type TaskEditResult = z.infer<typeof TaskEditResultSchema>;

export const RenameTaskRequestSchema = z.object({
  /** A new name, or null to let the name follow the task's fields again. */
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters')
    .nullable(),
});
export const RenameTaskResponseSchema = z.object({
  task_id: z.string(),
  name: z.string(),
  name_source: z.enum(['auto', 'user']),
});

export const ArchiveTaskResponseSchema = z.object({
  task_id: z.string(),
  archived_at: z.string().nullable(),
});
