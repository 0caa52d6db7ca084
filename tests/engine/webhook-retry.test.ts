import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '@/lib/engine/settings';
import { generateWebhookSecret } from '@/lib/engine/webhooks/sign';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 6: a receiver that is down (connection refused) for the first attempts still gets the
// completion webhook of a real batch, and its signature verifies with the standardwebhooks library.
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

/** A loopback port nothing listens on (yet): connecting to it is refused. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const verifies = (secret: string, hook: { body: string; headers: Record<string, unknown> }) => {
  try {
    new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_WEBHOOK_BACKOFF_MS: '100' } });
  api = apiClient(t.url, t.key);
});
afterAll(async () => {
  await hooks?.close();
  await t?.close();
  await site?.close();
});

describe('webhook delivery to a receiver that is down at first', () => {
  let batchId: string;

  it('is retried after connection refusals and arrives signed once the receiver is up', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hook`;
    const taskId = await createContactTask(api);
    const rows = [1, 2, 3].map((n) => ({ data_uuid: `w${n}`, inputs: [`${site.url}/co/${n}/`] }));
    const created = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId, webhook_url: url }, jsonlFile(rows)),
    });
    expect(created.status).toBe(201);
    batchId = created.body.data.batch_id;

    // Two refused attempts recorded, the delivery still pending (will retry).
    const refused = await waitFor(async () => {
      const d = (await api.get(`/v0.1/batches/${batchId}/webhook-deliveries`)).body.data?.[0];
      return d && d.attempt_count >= 2 ? d : undefined;
    }, 60_000);
    expect(refused.state).toBe('pending');
    expect(refused.attempts.every((a: { status_code: number | null }) => a.status_code === null)).toBe(true);
    expect(refused.attempts[0].error).toMatch(/refused|ECONNREFUSED/i);

    hooks = await startWebhookReceiver(() => 200, port);
    const hook = await waitFor(async () => hooks!.received.find((h) => h.json?.batch_id === batchId), 30_000);
    expect(hook.json).toMatchObject({ status: 'success', batch_id: batchId, part: 1, parts: 1 });
    expect(hook.json.data.map((r: { data_uuid: string }) => r.data_uuid)).toEqual(['w1', 'w2', 'w3']);
    expect(hook.headers['webhook-id']).toBe(refused.delivery_id);
    expect(verifies(t.engine.webhookSecret, hook)).toBe(true);
    expect(verifies(generateWebhookSecret(), hook)).toBe(false);

    const done = await waitFor(async () => {
      const d = (await api.get(`/v0.1/batches/${batchId}/webhook-deliveries`)).body.data?.[0];
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(done.attempt_count).toBeGreaterThanOrEqual(3);
    expect(done.last_status).toBe(200);
  });

  it('a rotated secret signs the next delivery without a restart', async () => {
    const rotated = generateWebhookSecret();
    await setSetting(t.engine.db, 'webhook_secret', rotated);
    const before = hooks!.received.length;
    const r = await api.get(`/v0/batches/${batchId}/results?output_type=webhook`);
    expect(r.status).toBe(202);
    const hook = await waitFor(async () => hooks!.received[before], 30_000);
    expect(hook.json.batch_id).toBe(batchId);
    expect(verifies(rotated, hook)).toBe(true);
    expect(verifies(t.engine.webhookSecret, hook)).toBe(false);
  });
});
