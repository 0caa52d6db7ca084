import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { TaskDetail, TaskSummary } from '@/lib/contract/tasks';
import type { Db } from '../db/client';
import { tasks, taskVersions } from '../db/schema';
import { notFound } from '../errors';

export function toSummary(t: typeof tasks.$inferSelect): TaskSummary {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    created_at: t.createdAt.toISOString(),
    live_version: t.liveVersion,
    max_version: t.maxVersion,
    run_count: t.runCount,
    name_source: t.nameSource,
    archived_at: t.archivedAt?.toISOString() ?? null,
  };
}

export async function findTask(db: Db, id: string) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  if (!row) throw notFound('Task', id);
  return row;
}

/** The definition of a version (the live one when omitted); 404 for a version that does not exist. */
export async function loadDefinition(
  db: Db,
  taskId: string,
  version?: number,
): Promise<{ task: typeof tasks.$inferSelect; version: number; definition: TaskDefinition }> {
  // One statement for the task and its version: every batch upload and task read starts here, and
  // on the embedded store each statement is a round trip to its thread.
  const [row] = await db
    .select({ task: tasks, definition: taskVersions.definition })
    .from(tasks)
    .leftJoin(
      taskVersions,
      and(eq(taskVersions.taskId, tasks.id), eq(taskVersions.version, version ?? tasks.liveVersion)),
    )
    .where(eq(tasks.id, taskId));
  if (!row) throw notFound('Task', taskId);
  const v = version ?? row.task.liveVersion;
  if (!row.definition) throw notFound('Task version', `${taskId}@${v}`);
  return { task: row.task, version: v, definition: row.definition };
}

/** The task lists leave archived tasks out; `archived` lists only those instead. */
export async function listTaskSummaries(db: Db, archived = false): Promise<TaskSummary[]> {
  const rows = await db
    .select()
    .from(tasks)
    .where(archived ? isNotNull(tasks.archivedAt) : isNull(tasks.archivedAt))
    .orderBy(desc(tasks.createdAt));
  return rows.map(toSummary);
}

export async function getTaskDetail(db: Db, id: string): Promise<TaskDetail> {
  const { task, definition } = await loadDefinition(db, id);
  return {
    ...toSummary(task),
    inputs: definition.inputs,
    outputs: definition.outputs,
    list: definition.list,
  };
}

export async function incrementRunCount(db: Db, id: string): Promise<void> {
  await db
    .update(tasks)
    .set({ runCount: sql`${tasks.runCount} + 1` })
    .where(eq(tasks.id, id));
}

export async function addVersionUsage(
  db: Db,
  taskId: string,
  version: number,
  usage: { input_tokens: number; output_tokens: number; cost_usd: number },
): Promise<void> {
  await db
    .update(taskVersions)
    .set({
      inputTokens: sql`${taskVersions.inputTokens} + ${usage.input_tokens}`,
      outputTokens: sql`${taskVersions.outputTokens} + ${usage.output_tokens}`,
      costUsd: sql`${taskVersions.costUsd} + ${usage.cost_usd}`,
    })
    .where(and(eq(taskVersions.taskId, taskId), eq(taskVersions.version, version)));
}
