import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tasks, taskVersions } from '../db/schema';
import { badRequest } from '../errors';
import type { Planner } from '../llm/model-planner';
import { loadDefinition } from './queries';
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

export async function editTask(db: Db, planner: Planner, taskId: string, instruction: string) {
  const { task, definition } = await loadDefinition(db, taskId);
  const edit = await planner.applyInstruction(definition, instruction);
  if (!edit.ok) throw badRequest('Could not apply this instruction', edit.message);
  // max_version + 1 computed inside the transaction with a row lock, so concurrent edits never collide.
  const version = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(tasks).where(eq(tasks.id, task.id)).for('update');
    const next = locked!.maxVersion + 1;
    await tx.insert(taskVersions).values({
      taskId,
      version: next,
      definition: edit.definition,
      instruction,
      changes: edit.changes,
    });
    await tx
      .update(tasks)
      .set({ maxVersion: next, liveVersion: next, name: edit.definition.name })
      .where(eq(tasks.id, taskId));
    return next;
  });
  return { task_id: taskId, version, changes: edit.changes };
}
