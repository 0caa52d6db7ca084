import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tasks } from '../db/schema';
import { nameForDefinition } from '../planner';
import { findTask, loadDefinition } from './queries';

// Renaming and archiving a task. Archiving only hides a task from the task lists: its versions,
// runs and batches are kept, and it still reads, runs, edits and batches by id.

/** A name sets the user's name; null hands the name back to the fields (the live definition's). */
export async function renameTask(db: Db, taskId: string, name: string | null) {
  const { definition } = await loadDefinition(db, taskId);
  const next = name ?? nameForDefinition(definition);
  const nameSource = name === null ? 'auto' : 'user';
  await db.update(tasks).set({ name: next, nameSource }).where(eq(tasks.id, taskId));
  return { task_id: taskId, name: next, name_source: nameSource };
}

export async function setArchived(db: Db, taskId: string, archived: boolean) {
  const task = await findTask(db, taskId);
  // Archiving twice keeps the first date: it says since when the task has been out of the lists.
  const archivedAt = archived ? (task.archivedAt ?? new Date()) : null;
  await db.update(tasks).set({ archivedAt }).where(eq(tasks.id, taskId));
  return { task_id: taskId, archived_at: archivedAt?.toISOString() ?? null };
}
