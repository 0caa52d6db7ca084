import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookAttempts, webhookDeliveries } from '../db/schema';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** API-shaped (snake_case, ISO dates) so the delivery-log endpoint can return it as is. */
export interface AttemptView {
  attempted_at: string;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number | null;
}

export interface DeliveryView {
  delivery_id: string;
  batch_id: string;
  url: string;
  kind: string;
  part: number;
  parts: number;
  state: string;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status: number | null;
  created_at: string;
  delivered_at: string | null;
  /** Newest first. */
  attempts: AttemptView[];
}

function toAttemptView(a: AttemptRow): AttemptView {
  return {
    attempted_at: a.attemptedAt.toISOString(),
    status_code: a.statusCode,
    response_excerpt: a.responseExcerpt,
    error: a.error,
    duration_ms: a.durationMs === null ? null : Math.round(a.durationMs),
  };
}

function toDeliveryView(d: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    delivery_id: d.id,
    batch_id: d.batchId,
    url: d.url,
    kind: d.kind,
    part: d.part,
    parts: d.parts,
    state: d.state,
    attempt_count: d.attempts,
    // Only meaningful while a retry is scheduled.
    next_attempt_at: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
    last_status: d.lastStatus,
    created_at: d.createdAt.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    attempts: attempts.map(toAttemptView),
  };
}

/** A batch's deliveries, newest first (parts in order), each with its attempts newest first. */
export async function listDeliveries(db: Db, batchId: string): Promise<DeliveryView[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.batchId, batchId))
    .orderBy(desc(webhookDeliveries.createdAt), asc(webhookDeliveries.part), asc(webhookDeliveries.id));
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(desc(webhookAttempts.id));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push(a);
    byDelivery.set(a.deliveryId, list);
  }
  return deliveries.map((d) => toDeliveryView(d, byDelivery.get(d.id) ?? []));
}

export async function getDelivery(db: Db, deliveryId: string): Promise<DeliveryView | null> {
  const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!d) return null;
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookAttempts.id));
  return toDeliveryView(d, attempts);
}

/**
 * Sends a delivery again, now. A delivered or failed one goes back to pending with a fresh retry
 * budget (attempt_count 0); its old attempts stay in the log and new ones are appended. A pending
 * one is only brought forward; one being sent right now is left alone. Null for an unknown id.
 * Call the dispatcher's wake() afterwards so it goes out without waiting for the next poll.
 */
export async function redeliver(db: Db, deliveryId: string): Promise<DeliveryView | null> {
  await db
    .update(webhookDeliveries)
    .set({
      state: 'pending',
      nextAttemptAt: sql`now()`,
      leaseUntil: null,
      deliveredAt: null,
      attempts: sql`CASE WHEN ${webhookDeliveries.state} = 'pending' THEN ${webhookDeliveries.attempts} ELSE 0 END`,
    })
    .where(
      sql`${webhookDeliveries.id} = ${deliveryId} AND ${webhookDeliveries.state} IN ('pending', 'delivered', 'failed')`,
    );
  return getDelivery(db, deliveryId);
}
