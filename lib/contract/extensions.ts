import { z } from 'zod';
import { TaskDefinitionSchema } from './task-definition';
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
