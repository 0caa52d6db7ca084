import type { TaskDefinition, TaskInput, TaskOutput } from '@/lib/contract/task-definition';
import type { TaskSummary } from '@/lib/contract/tasks';

// Wire shapes of the issue-29 task routes (edit preview, structured edit, rename, archive), as the
// dashboard reads them. The summary fields are optional so the dashboard also works against an
// upstream that does not send them yet.

export type NameSource = 'auto' | 'user';

export type ShapedTaskSummary = TaskSummary & {
  name_source?: NameSource;
  archived_at?: string | null;
};

/** What PATCH (with or without dry_run) and PUT …/definition answer. */
export interface DefinitionChange {
  task_id: string;
  version: number;
  message: string;
  changes: string[];
  definition: TaskDefinition;
  name: string;
  dry_run?: boolean;
}

/** One output as the structured edit takes it: previous_name says which stored field it was. */
export type EditedOutput = TaskOutput & { previous_name?: string };

export interface DefinitionEdit {
  outputs: EditedOutput[];
  inputs?: TaskInput[];
  list?: boolean;
  base_version?: number;
  dry_run?: boolean;
}
