import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { findBatch, toBatchSummary } from './read';
import { validateWebhookUrl } from './create';

// PUT /v0.1/batches/{id} — an empty string clears the address.
export async function updateBatchWebhook(db: Db, batchId: string, rawUrl: string, allowPrivate: boolean) {
  await findBatch(db, batchId);
  const webhookUrl = validateWebhookUrl(rawUrl, allowPrivate);
  const [row] = await db.update(batches).set({ webhookUrl }).where(eq(batches.id, batchId)).returning();
  return { ...toBatchSummary(row!), task_version: row!.taskVersion, webhook_url: row!.webhookUrl };
}
