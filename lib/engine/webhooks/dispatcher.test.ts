import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { createWebhookDispatcher, defaultBackoffMs, type DeliveryEvent } from './dispatcher';
import { enqueueDeliveries } from './enqueue';
import { getDelivery, listDeliveries, redeliver } from './log';
import { generateWebhookSecret } from './sign';
import { openTestStore, seedBatch, startReceiver, waitFor, type Receiver } from './test-fixtures';

let db: Db;
let cleanup: () => Promise<void>;
let batchId: string;
const secret = generateWebhookSecret();
const receivers: Receiver[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ db, cleanup } = await openTestStore());
  batchId = await seedBatch(db, [{ seq: 0 }, { seq: 1 }]);
}, 60_000);
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  // Dispatchers send whatever is due in the whole store: each test starts from an empty table.
  await db.delete(webhookDeliveries);
});
afterAll(async () => cleanup?.());

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

function dispatcher(opts: Partial<Parameters<typeof createWebhookDispatcher>[0]> = {}) {
  const d = createWebhookDispatcher({
    db,
    secret,
    allowPrivate: true,
    backoffMs: () => 50,
    pollMs: 20,
    ...opts,
  });
  stops.push(() => d.stop());
  return d;
}

async function enqueue(url: string, totalRows = 2) {
  const [id] = await enqueueDeliveries(db, { batchId, url, kind: 'completion', totalRows });
  if (!id) throw new Error('no delivery enqueued');
  return id;
}

describe('webhook dispatcher', () => {
  it('retries a 500 with backoff and records every attempt until a 200', async () => {
    const r = await receiver((_, i) => (i < 2 ? { status: 500, body: `down ${i}` } : { status: 204 }));
    const id = await enqueue(r.url);
    const events: DeliveryEvent[] = [];
    const d = dispatcher({ onDelivered: (e) => events.push(e) });
    d.start();
    const done = await waitFor(async () => {
      const v = await getDelivery(db, id);
      return v?.state === 'delivered' ? v : null;
    }, 'the delivery to succeed');
    expect(done).toMatchObject({ attempt_count: 3, last_status: 204, next_attempt_at: null });
    expect(done.delivered_at).not.toBeNull();
    expect(done.attempts.map((a) => [a.status_code, a.error, a.response_excerpt])).toEqual([
      [204, null, ''],
      [500, 'HTTP 500', 'down 1'],
      [500, 'HTTP 500', 'down 0'],
    ]);
    expect(done.attempts.every((a) => typeof a.duration_ms === 'number')).toBe(true);
    expect(r.hits).toHaveLength(3);
    // The same webhook-id on every retry lets receivers de-duplicate.
    expect(new Set(r.hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([id]));
    expect(events.map((e) => e.state)).toEqual(['pending', 'pending', 'delivered']);
  });

  it('records a timeout when the receiver never answers', async () => {
    const r = await receiver(() => 'hang');
    const id = await enqueue(r.url);
    const d = dispatcher({ timeoutMs: 300, maxAttempts: 1 });
    expect(await d.deliverDue()).toBe(1);
    const v = await getDelivery(db, id);
    expect(v?.state).toBe('failed');
    expect(v?.attempts).toHaveLength(1);
    expect(v?.attempts[0]?.status_code).toBeNull();
    expect(v?.attempts[0]?.error).toMatch(/did not answer within 300 ms/);
    expect(v?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(250);
  });

  it('gives up after maxAttempts', async () => {
    const r = await receiver(() => ({ status: 503, body: 'x'.repeat(2000) }));
    const id = await enqueue(r.url);
    const d = dispatcher({ maxAttempts: 3, backoffMs: () => 10 });
    d.start();
    const v = await waitFor(async () => {
      const got = await getDelivery(db, id);
      return got?.state === 'failed' ? got : null;
    }, 'the delivery to fail');
    expect(v).toMatchObject({ attempt_count: 3, last_status: 503, delivered_at: null });
    expect(v.attempts).toHaveLength(3);
    expect(v.attempts[0]?.response_excerpt).toHaveLength(500);
    await d.stop();
    expect(r.hits).toHaveLength(3);
  });

  it('refuses loopback addresses at once unless private URLs are allowed', async () => {
    const r = await receiver(() => ({ status: 200 }));
    const id = await enqueue(r.url);
    const bad = await enqueue('ftp://files.example/hook');
    const d = dispatcher({ allowPrivate: false });
    expect(await d.deliverDue()).toBe(2);
    const v = await getDelivery(db, id);
    expect(v).toMatchObject({ state: 'failed', attempt_count: 1 });
    expect(v?.attempts[0]?.error).toMatch(/127\.0\.0\.1 is .*not allowed/);
    expect((await getDelivery(db, bad))?.attempts[0]?.error).toMatch(/ftp: scheme is not supported/);
    expect(r.hits).toHaveLength(0);
  });

  it('does not follow redirects and says so', async () => {
    const r = await receiver(() => ({ status: 302, headers: { location: '/elsewhere' } }));
    const id = await enqueue(r.url);
    await dispatcher({ maxAttempts: 1 }).deliverDue();
    const v = await getDelivery(db, id);
    expect(v).toMatchObject({ state: 'failed', last_status: 302 });
    expect(v?.attempts[0]?.error).toMatch(/302 redirect to \/elsewhere not followed/);
    expect(r.hits.map((h) => h.path)).toEqual(['/hook']);
  });

  it('refuses a public-looking host name that resolves to a private address, without retrying', async () => {
    const r = await receiver(() => ({ status: 200 }));
    const port = new URL(r.url).port;
    // The name passes the URL check; the connect-time lookup sees loopback and refuses.
    const id = await enqueue(`http://hooks.example.com:${port}/hook`);
    const d = dispatcher({ allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(await d.deliverDue()).toBe(1);
    const v = await getDelivery(db, id);
    expect(v).toMatchObject({ state: 'failed', attempt_count: 1, last_status: null });
    expect(v?.attempts[0]?.error).toMatch(/hooks\.example\.com resolves to a non-public address/);
    expect(r.hits).toHaveLength(0);
  });

  it('signs each attempt with the secret current at that moment (rotation without restart)', async () => {
    const r = await receiver(() => ({ status: 200 }));
    let current = generateWebhookSecret();
    const first = current;
    const d = dispatcher({ secret: () => current });
    await enqueue(r.url);
    await d.deliverDue();
    current = generateWebhookSecret();
    await enqueue(r.url);
    await d.deliverDue();
    expect(r.hits).toHaveLength(2);
    const verify = (secret: string, h: (typeof r.hits)[number]) => {
      try {
        new Webhook(secret).verify(h.body, h.headers);
        return true;
      } catch {
        return false;
      }
    };
    expect([verify(first, r.hits[0]!), verify(current, r.hits[0]!)]).toEqual([true, false]);
    expect([verify(first, r.hits[1]!), verify(current, r.hits[1]!)]).toEqual([false, true]);
  });

  it('redelivers a delivered webhook, appending a new attempt', async () => {
    const r = await receiver(() => ({ status: 200, body: 'thanks' }));
    const id = await enqueue(r.url);
    const d = dispatcher();
    await d.deliverDue();
    expect((await getDelivery(db, id))?.state).toBe('delivered');
    const reset = await redeliver(db, id);
    expect(reset).toMatchObject({ state: 'pending', attempt_count: 0, delivered_at: null });
    expect(reset?.attempts).toHaveLength(1);
    expect(await d.deliverDue()).toBe(1);
    const [listed] = await listDeliveries(db, batchId);
    expect(listed).toMatchObject({ delivery_id: id, state: 'delivered', attempt_count: 1 });
    expect(listed?.attempts).toHaveLength(2);
    expect(r.hits).toHaveLength(2);
    expect(await redeliver(db, 'whd_missing')).toBeNull();
  });

  it('wake() sends at once instead of waiting for the next poll', async () => {
    const r = await receiver(() => ({ status: 200 }));
    const d = dispatcher({ pollMs: 60_000 });
    d.start();
    await new Promise((res) => setTimeout(res, 50)); // let the start-up pass find nothing
    const id = await enqueue(r.url);
    d.wake();
    await waitFor(
      async () => (await getDelivery(db, id))?.state === 'delivered',
      'the woken delivery',
      2_000,
    );
  });

  it('re-sends a delivery whose lease expired (a process died mid-send), but not a live one', async () => {
    const r = await receiver(() => ({ status: 200 }));
    const stale = await enqueue(r.url);
    const live = await enqueue(r.url);
    await db
      .update(webhookDeliveries)
      .set({ state: 'delivering', leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.id, stale));
    await db
      .update(webhookDeliveries)
      .set({ state: 'delivering', leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(webhookDeliveries.id, live));
    expect(await dispatcher().deliverDue()).toBe(1);
    expect((await getDelivery(db, stale))?.state).toBe('delivered');
    expect((await getDelivery(db, live))?.state).toBe('delivering');
  });

  it('two dispatchers on one store never send the same delivery twice', async () => {
    const r = await receiver(async () => {
      await new Promise((res) => setTimeout(res, 5 + Math.random() * 20));
      return { status: 200 };
    });
    // 30 parts (most of them empty: the batch has only 2 rows); each is one delivery row.
    const ids = await enqueueDeliveries(db, { batchId, url: r.url, kind: 'results', totalRows: 30_000 });
    expect(ids).toHaveLength(30);
    const [a, b] = await Promise.all([dispatcher().deliverDue(), dispatcher().deliverDue()]);
    expect((a ?? 0) + (b ?? 0)).toBe(30);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const perId = new Map<string, number>();
    for (const h of r.hits)
      perId.set(h.headers['webhook-id'] ?? '', (perId.get(h.headers['webhook-id'] ?? '') ?? 0) + 1);
    expect(r.hits).toHaveLength(30);
    expect([...perId.keys()].sort()).toEqual([...ids].sort());
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.batchId, batchId));
    expect(rows.every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
  });

  it('default backoff follows 2 s … 2 h with jitter', () => {
    const within = (v: number, base: number) => v >= base * 0.8 && v <= base * 1.2;
    expect(within(defaultBackoffMs(1), 2_000)).toBe(true);
    expect(within(defaultBackoffMs(4), 120_000)).toBe(true);
    expect(within(defaultBackoffMs(8), 7_200_000)).toBe(true);
    expect(within(defaultBackoffMs(20), 7_200_000)).toBe(true);
  });
});
