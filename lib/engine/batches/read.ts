import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { BatchDetail, BatchSummary, JobStatus } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { notFound } from '../errors';

type BatchRow = typeof batches.$inferSelect;

export async function findBatch(db: Db, id: string): Promise<BatchRow> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  // An INGESTING batch does not exist yet as far as readers are concerned.
  if (!row || row.jobStatus === 'INGESTING') throw notFound('Batch', id);
  return row;
}

export function toBatchSummary(b: BatchRow): BatchSummary {
  return {
    batch_id: b.id,
    task_id: b.taskId,
    task_version: String(b.taskVersion),
    batch_name: b.name,
    created_at: b.createdAt.toISOString(),
    completed: b.completed,
    cancelled: b.cancelled,
  };
}

export function toBatchDetail(b: BatchRow): BatchDetail {
  return {
    ...toBatchSummary(b),
    jobs_submitted: b.jobsSubmitted,
    jobs_completed: b.jobsCompleted,
    job_status: b.jobStatus as JobStatus,
    jobs_added: b.jobsAdded,
    jobs_failed: b.jobsFailed,
    jobs_removed: b.jobsRemoved,
    webhook_url: b.webhookUrl,
    finished_at: b.finishedAt?.toISOString() ?? null,
    usage: { input_tokens: b.inputTokens, output_tokens: b.outputTokens, cost_usd: b.costUsd },
  };
}

// GET /v0/batches — newest first, paginated.
export async function listBatches(
  db: Db,
  q: { page: number; page_size: number; task_id?: string; status?: JobStatus },
) {
  const filters: SQL[] = [ne(batches.jobStatus, 'INGESTING')];
  if (q.task_id) filters.push(eq(batches.taskId, q.task_id));
  if (q.status) filters.push(eq(batches.jobStatus, q.status));
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(batches)
      .where(where)
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(batches).where(where),
  ]);
  return {
    items: rows.map(toBatchSummary),
    pagination: { page: q.page, page_size: q.page_size, total: Number(totals[0]?.n ?? 0) },
  };
}
