import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_SAVED_TESTS_PER_TASK, type SavedTest } from '@/lib/contract/extensions';
import type { Db } from '../db/client';
import { savedTests } from '../db/schema';
import { conflict, notFound } from '../errors';
import { newId } from '../ids';
import { findTask } from './queries';

// Extension: inputs an analyst keeps per task to re-run against any version and compare.

function toSavedTest(r: typeof savedTests.$inferSelect): SavedTest {
  return {
    id: r.id,
    task_id: r.taskId,
    label: r.label,
    inputs: r.inputs,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listSavedTests(db: Db, taskId: string): Promise<SavedTest[]> {
  await findTask(db, taskId);
  const rows = await db
    .select()
    .from(savedTests)
    .where(eq(savedTests.taskId, taskId))
    .orderBy(asc(savedTests.createdAt));
  return rows.map(toSavedTest);
}

export async function addSavedTest(db: Db, taskId: string, inputs: string[], label = ''): Promise<SavedTest> {
  await findTask(db, taskId);
  const [existing] = await db.select({ n: count() }).from(savedTests).where(eq(savedTests.taskId, taskId));
  if ((existing?.n ?? 0) >= MAX_SAVED_TESTS_PER_TASK) {
    throw conflict(
      'Too many saved tests',
      `a task keeps at most ${MAX_SAVED_TESTS_PER_TASK} saved tests; delete one first`,
    );
  }
  const [row] = await db
    .insert(savedTests)
    .values({ id: newId('test', 8), taskId, label, inputs })
    .returning();
  return toSavedTest(row!);
}

export async function deleteSavedTest(db: Db, taskId: string, testId: string): Promise<void> {
  const rows = await db
    .delete(savedTests)
    .where(and(eq(savedTests.taskId, taskId), eq(savedTests.id, testId)))
    .returning({ id: savedTests.id });
  if (rows.length === 0) throw notFound('Saved test', testId);
}
