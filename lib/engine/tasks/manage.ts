import type { UpdateDefinitionRequest } from '@/lib/contract/extensions';
import type { Db } from '../db/client';
import { tasks, taskVersions } from '../db/schema';
import { badRequest } from '../errors';
import type { Planner } from '../llm/model-planner';
import { applyStructuredEdit } from './definition-edit';
import { checkBase, loadForEdit, previewEdit, saveEdit } from './edit-save';
import { newTaskId } from './ids';

// POST /v0.1/tasks/create and PATCH /v0.1/tasks/{id}: the planner writes definitions, we version them.

export async function createTask(db: Db, planner: Planner, description: string) {
  const plan = await planner.planFromDescription(description);
  if (!plan.ok) throw badRequest('Could not plan a task from this description', plan.message);
  const id = newTaskId();
  await db.transaction(async (tx) => {
    await tx.insert(tasks).values({
      id,
      name: plan.definition.name,
      description,
      liveVersion: 1,
      maxVersion: 1,
    });
    await tx.insert(taskVersions).values({ taskId: id, version: 1, definition: plan.definition });
  });
  return { task_id: id, name: plan.definition.name, definition: plan.definition };
}

/**
 * Edit by instruction. With dryRun the planned version is answered and nothing is stored, so the
 * dashboard can show the change before the analyst confirms it.
 */
export async function editTask(
  db: Db,
  planner: Planner,
  taskId: string,
  instruction: string,
  dryRun = false,
) {
  const { task, current } = await loadForEdit(db, taskId);
  const edit = await planner.applyInstruction(current, instruction);
  if (!edit.ok) throw badRequest('Could not apply this instruction', edit.message);
  const toSave = { before: current, after: edit.definition, instruction, changes: edit.changes };
  const saved = dryRun ? previewEdit(task, toSave) : await saveEdit(db, taskId, toSave);
  return { task_id: taskId, ...saved, changes: edit.changes };
}

/** The field editor's save (PUT …/definition): a new live version with no instruction and its change summary. */
export async function editDefinition(db: Db, taskId: string, body: UpdateDefinitionRequest) {
  const { task, current } = await loadForEdit(db, taskId);
  // A stale editor answers 409 before anything else it might have got wrong.
  checkBase(task, body.base_version);
  const { definition, changes } = applyStructuredEdit(current, body);
  const toSave = {
    before: current,
    after: definition,
    instruction: null,
    changes,
    baseVersion: body.base_version,
  };
  const saved = body.dry_run ? previewEdit(task, toSave) : await saveEdit(db, taskId, toSave);
  return { task_id: taskId, ...saved, changes };
}
