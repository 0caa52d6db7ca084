import { and, asc, eq } from 'drizzle-orm';
import type { TaskVersion } from '@/lib/contract/extensions';
import type { Db } from '../db/client';
import { tasks, taskVersions } from '../db/schema';
import { notFound } from '../errors';
import { findTask } from './queries';

// Extensions: a task's version history and choosing which version is live (roll back or forward).

export async function listTaskVersions(db: Db, taskId: string): Promise<TaskVersion[]> {
  const task = await findTask(db, taskId);
  const rows = await db
    .select()
    .from(taskVersions)
    .where(eq(taskVersions.taskId, taskId))
    .orderBy(asc(taskVersions.version));
  return rows.map((r) => ({
    version: r.version,
    created_at: r.createdAt.toISOString(),
    instruction: r.instruction,
    changes: r.changes ?? [],
    is_live: r.version === task.liveVersion,
    definition: r.definition,
  }));
}

export async function setLiveVersion(db: Db, taskId: string, version: number) {
  await findTask(db, taskId);
  const [exists] = await db
    .select({ version: taskVersions.version })
    .from(taskVersions)
    .where(and(eq(taskVersions.taskId, taskId), eq(taskVersions.version, version)));
  if (!exists) throw notFound('Task version', `${taskId}@${version}`);
  const [row] = await db.update(tasks).set({ liveVersion: version }).where(eq(tasks.id, taskId)).returning();
  return { task_id: taskId, live_version: row!.liveVersion, max_version: row!.maxVersion };
}
