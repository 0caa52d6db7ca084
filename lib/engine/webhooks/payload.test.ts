import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { createWebhookDispatcher } from './dispatcher';
import { enqueueDeliveries, partCount } from './enqueue';
import { buildPayload, type WebhookPayload } from './payload';
import { createSigner, generateWebhookSecret, isWebhookSecret } from './sign';
import { openTestStore, seedBatch, startReceiver, type SeedJob } from './test-fixtures';

let db: Db;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ db, cleanup } = await openTestStore());
}, 60_000);
afterAll(async () => cleanup?.());

const outcome = (seq: number) => ({
  data_json: { n: seq },
  list_data_json: [{ n: seq }],
  list: seq % 2 === 0,
  data_sources: { n: { url: `https://example.com/${seq}` } },
  error: null,
  error_detected: false,
});

describe('signing', () => {
  it('generates secrets the Standard Webhooks library accepts and signs verifiably', () => {
    const secret = generateWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    const headers = createSigner(secret)('whd_1', '{"a":1}');
    expect(headers['webhook-id']).toBe('whd_1');
    expect(headers['user-agent']).toBe('Quarry-Webhooks/1');
    expect(new Webhook(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(() => new Webhook(generateWebhookSecret()).verify('{"a":1}', headers)).toThrow();
  });

  it('refuses a malformed secret', () => {
    expect(() => createSigner('not-a-secret')).toThrow(/whsec_/);
  });
});

describe('parts', () => {
  it('counts parts of at most 1,000 rows, at least one', () => {
    expect([0, 1, 1000, 1001, 2500].map(partCount)).toEqual([1, 1, 1, 2, 3]);
  });

  it('can enqueue inside a transaction and rolls back with it', async () => {
    const batchId = await seedBatch(db, [{ seq: 0 }]);
    await expect(
      db.transaction(async (tx) => {
        const ids = await enqueueDeliveries(tx, {
          batchId,
          url: 'https://x.invalid/h',
          kind: 'completion',
          totalRows: 1,
        });
        expect(ids).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.batchId, batchId)),
    ).toHaveLength(0);
    const ids = await db.transaction((tx) =>
      enqueueDeliveries(tx, { batchId, url: 'https://x.invalid/h', kind: 'results', totalRows: 1 }),
    );
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, ids[0] ?? ''));
    expect(row).toMatchObject({ kind: 'results', part: 1, parts: 1, state: 'pending' });
    // Not meant to be sent: the dispatcher in the next test would otherwise pick it up.
    await db.delete(webhookDeliveries).where(eq(webhookDeliveries.batchId, batchId));
  });

  it('sends a 2,500-row batch as 3 signed parts of 1,000/1,000/500 rows in seq order', async () => {
    // Seqs with gaps and removed rows in between: parts follow seq order over the rows that remain.
    const seed: SeedJob[] = [];
    for (let i = 0; i < 2500; i++) {
      seed.push({ seq: i * 2, result: outcome(i * 2) });
      if (i % 400 === 0) seed.push({ seq: i * 2 + 1, state: 'removed' });
    }
    const batchId = await seedBatch(db, seed);
    const secret = generateWebhookSecret();
    const receiver = await startReceiver(() => ({ status: 200, body: 'ok' }));
    try {
      const ids = await enqueueDeliveries(db, {
        batchId,
        url: receiver.url,
        kind: 'completion',
        totalRows: 2500,
      });
      expect(ids).toHaveLength(3);
      const dispatcher = createWebhookDispatcher({ db, secret, allowPrivate: true });
      expect(await dispatcher.deliverDue()).toBe(3);
      await dispatcher.stop();

      expect(receiver.hits).toHaveLength(3);
      const wh = new Webhook(secret);
      const bodies = receiver.hits
        .map((h) => {
          expect(h.headers['content-type']).toBe('application/json');
          expect(ids).toContain(h.headers['webhook-id']);
          return wh.verify(h.body, h.headers) as WebhookPayload;
        })
        .sort((a, b) => a.part - b.part);
      expect(bodies.map((b) => [b.part, b.parts, b.data.length])).toEqual([
        [1, 3, 1000],
        [2, 3, 1000],
        [3, 3, 500],
      ]);
      const uuids = bodies.flatMap((b) => b.data.map((r) => r.data_uuid));
      expect(uuids).toEqual(Array.from({ length: 2500 }, (_, i) => `row-${i * 2}`));
      expect(bodies[0]).toMatchObject({ status: 'success', batch_id: batchId });
      expect(bodies[2]?.data[499]).toMatchObject({
        data_json: { n: 4998 },
        status: 'succeeded',
        task_version: 3,
      });

      const states = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.batchId, batchId));
      expect(
        states.every((d) => d.state === 'delivered' && d.deliveredAt !== null && d.lastStatus === 200),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('builds an empty single part for a batch without rows', async () => {
    const batchId = await seedBatch(db, []);
    expect(await buildPayload(db, { batchId, part: 1, parts: 1 })).toEqual({
      status: 'success',
      batch_id: batchId,
      data: [],
      part: 1,
      parts: 1,
    });
  });
});
