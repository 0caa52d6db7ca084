import { eq } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { tasks, taskVersions } from '../db/schema';
import { conflict } from '../errors';
import { nameForDefinition } from '../planner';
import { loadDefinition } from './queries';

// Both ways of editing a task (an instruction, the field editor) end here: name the result, then
// either answer what would be saved (dry run) or save it as the next, live version.

type TaskRow = typeof tasks.$inferSelect;
export type NameSource = 'auto' | 'user';

/** The task's live definition, carrying the task's current name (a rename changes only the task row). */
export async function loadForEdit(db: Db, taskId: string) {
  const { task, definition } = await loadDefinition(db, taskId);
  return { task, current: { ...definition, name: task.name } };
}

/**
 * The name after an edit. An edit that renamed the task itself (the instruction "call it …") makes
 * the name the user's; otherwise an auto name follows the fields and a user's name stays.
 */
export function nameAfterEdit(
  task: Pick<TaskRow, 'name' | 'nameSource'>,
  before: TaskDefinition,
  after: TaskDefinition,
): { name: string; nameSource: NameSource } {
  if (after.name !== before.name) return { name: after.name, nameSource: 'user' };
  if (task.nameSource === 'user') return { name: task.name, nameSource: 'user' };
  return { name: nameForDefinition(after), nameSource: 'auto' };
}

export interface EditToSave {
  before: TaskDefinition;
  after: TaskDefinition;
  instruction: string | null;
  changes: string[];
  baseVersion?: number;
}

export interface SavedEdit {
  version: number;
  name: string;
  definition: TaskDefinition;
}

/** 409 when the editor started from another version than the task's latest (someone else edited). */
export function checkBase(task: TaskRow, baseVersion?: number): void {
  if (baseVersion !== undefined && baseVersion !== task.maxVersion) {
    throw conflict(
      'The task was edited meanwhile',
      `this edit started from version ${baseVersion} but the task is now at version ${task.maxVersion}; reload it and edit again`,
    );
  }
}

/** What saving would give, storing nothing. */
export function previewEdit(task: TaskRow, edit: EditToSave): SavedEdit {
  checkBase(task, edit.baseVersion);
  const { name } = nameAfterEdit(task, edit.before, edit.after);
  return { version: task.maxVersion + 1, name, definition: { ...edit.after, name } };
}

export async function saveEdit(db: Db, taskId: string, edit: EditToSave): Promise<SavedEdit> {
  // max_version + 1, the base check and the name are decided on the locked row, so concurrent edits
  // and renames never collide.
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
    checkBase(locked!, edit.baseVersion);
    const version = locked!.maxVersion + 1;
    const { name, nameSource } = nameAfterEdit(locked!, edit.before, edit.after);
    const definition = { ...edit.after, name };
    await tx.insert(taskVersions).values({
      taskId,
      version,
      definition,
      instruction: edit.instruction,
      changes: edit.changes,
    });
    await tx
      .update(tasks)
      .set({ maxVersion: version, liveVersion: version, name, nameSource })
      .where(eq(tasks.id, taskId));
    return { version, name, definition };
  });
}
