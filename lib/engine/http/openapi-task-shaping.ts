import {
  ArchiveTaskResponseSchema,
  RenameTaskRequestSchema,
  RenameTaskResponseSchema,
  TaskEditResultSchema,
  UpdateDefinitionRequestSchema,
} from '@/lib/contract/extensions';
import type { Op } from './openapi-op';

// OpenAPI operations of the task-shaping extensions (field editor, rename, archive), kept apart so
// openapi.ts stays a readable size.

const x = { tag: 'Extensions', extension: true } as const;
export const TASK_SHAPING_OPS: Op[] = [
  {
    ...x,
    method: 'put',
    path: '/v0.1/tasks/{task_id}/definition',
    summary: "Structured edit (the field editor's save; dry_run previews)",
    json: UpdateDefinitionRequestSchema,
    data: TaskEditResultSchema,
  },
  {
    ...x,
    method: 'put',
    path: '/v0.1/tasks/{task_id}/name',
    summary: 'Rename a task (null: the name follows the fields)',
    json: RenameTaskRequestSchema,
    data: RenameTaskResponseSchema,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/tasks/{task_id}/archive',
    summary: 'Archive a task (hidden from the lists, still usable by id)',
    data: ArchiveTaskResponseSchema,
  },
  {
    ...x,
    method: 'post',
    path: '/v0.1/tasks/{task_id}/restore',
    summary: 'Restore an archived task',
    data: ArchiveTaskResponseSchema,
  },
  {
    ...x,
    method: 'delete',
    path: '/v0.1/tasks/{task_id}',
    summary: 'Archive a task (nothing is deleted; restorable)',
    data: ArchiveTaskResponseSchema,
  },
];
