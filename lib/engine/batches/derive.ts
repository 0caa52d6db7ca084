import { eq } from 'drizzle-orm';
import type { BatchLinks, DerivedBatchResponse, RowStatus } from '@/lib/contract/batch-extensions';
import type { Db } from '../db/client';
import { batchLinks, batches } from '../db/schema';
import { monitorRuns, monitors } from '../db/schema-monitors';
import { badRequest, conflict } from '../errors';
import { newId } from '../ids';
import { loadDefinition } from '../tasks/queries';
import { validateWebhookUrl, type BatchDeps } from './create';
import { findBatch } from './read';
import { BlockWriter } from './block-writer';
import { BLOCK_ROWS, BlockPacker } from './row-block-format';
import { iterateBatchRows } from './rows';

// Batches made from another batch's rows (extension): "retry failed rows" copies the failed rows,
// "re-run" copies every row onto another task version. The child gets its own blocks (same
// data_uuids and inputs, renumbered 0…n-1) and a batch_links row, so each side can find the other.

interface DeriveOptions {
  relation: 'retry' | 'rerun';
  taskVersion?: number;
  name?: string;
  webhookUrl?: string;
  status?: RowStatus[];
}

export async function deriveBatch(
  deps: BatchDeps,
  parentId: string,
  opts: DeriveOptions,
): Promise<DerivedBatchResponse> {
  const parent = await findBatch(deps.db, parentId);
  if (opts.relation === 'retry' && parent.jobsFailed === 0) {
    throw conflict('No failed rows', `batch ${parentId} has no failed rows to retry`);
  }
  const { task, version } = await loadDefinition(
    deps.db,
    parent.taskId,
    opts.taskVersion ?? parent.taskVersion,
  );
  const webhookUrl =
    opts.webhookUrl === undefined
      ? parent.webhookUrl
      : validateWebhookUrl(opts.webhookUrl, deps.allowPrivate);
  const name =
    opts.name?.trim() ||
    `${parent.name} · ${opts.relation === 'retry' ? 'retry of failed rows' : `re-run on v${version}`}`;
  if (name.length > 200) throw badRequest('Invalid batch_name', 'batch_name must be at most 200 characters');

  const id = newId('batch');
  // INGESTING until every block is written: invisible and unclaimable, like an upload.
  await deps.db.insert(batches).values({
    id,
    taskId: task.id,
    taskVersion: version,
    name,
    webhookUrl,
    jobStatus: 'INGESTING',
    inputFormat: 'jsonl',
  });
  try {
    let n = 0;
    const writer = new BlockWriter(deps.db, id);
    const packer = new BlockPacker((first, blocks) => writer.write(first, blocks));
    try {
      for await (const row of iterateBatchRows(deps.db, parent.id, opts.status)) {
        const sealed = packer.add([n++, row.data_uuid, row.inputs]);
        if (sealed) await sealed;
      }
      await packer.end();
      await writer.finish();
    } finally {
      await writer.settle();
    }
    if (n === 0) throw conflict('No rows to copy', `batch ${parentId} has no matching rows`);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(batches)
        .set({ jobStatus: 'QUEUED', jobsSubmitted: n, jobsAdded: n })
        .where(eq(batches.id, id));
      await tx
        .insert(batchLinks)
        .values({ childBatchId: id, parentBatchId: parent.id, relation: opts.relation });
    });
    deps.wake();
    deps.afterBigWrite(Math.ceil(n / BLOCK_ROWS)); // table rows written: one per block
    return {
      batch_id: id,
      parent_batch_id: parent.id,
      relation: opts.relation,
      task_version: version,
      jobs_added: n,
    };
  } catch (err) {
    await deps.db
      .delete(batches)
      .where(eq(batches.id, id))
      .catch(() => undefined);
    throw err;
  }
}

/** The batch this one was made from, and the batches made from it. */
export async function batchLinksOf(db: Db, batchId: string): Promise<BatchLinks> {
  await findBatch(db, batchId);
  const [up, down, runs] = await Promise.all([
    db.select().from(batchLinks).where(eq(batchLinks.childBatchId, batchId)),
    db.select().from(batchLinks).where(eq(batchLinks.parentBatchId, batchId)).orderBy(batchLinks.createdAt),
    db
      .select({ monitorId: monitors.id, name: monitors.name, runId: monitorRuns.id })
      .from(monitorRuns)
      .innerJoin(monitors, eq(monitors.id, monitorRuns.monitorId))
      .where(eq(monitorRuns.batchId, batchId)),
  ]);
  const run = runs[0];
  const parent = up[0];
  return {
    parent: parent
      ? {
          batch_id: parent.parentBatchId,
          relation: parent.relation as 'retry' | 'rerun',
          created_at: parent.createdAt.toISOString(),
        }
      : null,
    children: down.map((c) => ({
      batch_id: c.childBatchId,
      relation: c.relation as 'retry' | 'rerun',
      created_at: c.createdAt.toISOString(),
    })),
    monitor: run ? { monitor_id: run.monitorId, name: run.name, run_id: run.runId } : null,
  };
}
