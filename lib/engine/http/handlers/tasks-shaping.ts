import { RenameTaskRequestSchema, UpdateDefinitionRequestSchema } from '@/lib/contract/extensions';
import { setArchived, renameTask } from '../../tasks/lifecycle';
import { editDefinition } from '../../tasks/manage';
import { endpoint } from '../endpoint';
import { readJson } from '../read-body';

// Extensions for shaping tasks: the field editor's structured edit, renaming, archiving.

// PUT /v0.1/tasks/{task_id}/definition — save the field editor's outputs as a new version (or, with
// dry_run, answer what would be saved).
export const updateDefinitionV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, UpdateDefinitionRequestSchema);
  const edited = await editDefinition(engine.db, params.task_id!, body);
  const summary = edited.changes.join('; ');
  const data = {
    task_id: edited.task_id,
    version: edited.version,
    message: body.dry_run
      ? `Would create version ${edited.version}: ${summary}`
      : `Created version ${edited.version}: ${summary}`,
    changes: edited.changes,
    definition: edited.definition,
    name: edited.name,
    ...(body.dry_run ? { dry_run: true } : {}),
  };
  return { data, message: body.dry_run ? 'Edit checked (nothing saved)' : 'Task updated' };
});

// PUT /v0.1/tasks/{task_id}/name — rename, or with null let the name follow the fields again.
export const renameTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, RenameTaskRequestSchema);
  const data = await renameTask(engine.db, params.task_id!, body.name);
  return { data, message: body.name === null ? 'The name follows the fields again' : 'Task renamed' };
});

// POST /v0.1/tasks/{task_id}/archive and …/restore — hide the task from the lists, or show it again.
export const archiveTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await setArchived(engine.db, params.task_id!, true),
  message: 'Task archived',
}));
export const restoreTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await setArchived(engine.db, params.task_id!, false),
  message: 'Task restored',
}));

// DELETE /v0.1/tasks/{task_id} — archives: nothing is deleted, so runs, versions and batches stay.
export const deleteTaskV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await setArchived(engine.db, params.task_id!, true),
  message: `Task archived, not deleted: its versions, runs and batches are kept; restore it with POST /v0.1/tasks/${params.task_id}/restore`,
}));
