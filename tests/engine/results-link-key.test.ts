import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFileUrl } from '@/lib/engine/batches/file-url';
import { readLinkKey } from '@/lib/engine/batches/link-key';
import { deleteSetting, getSetting, setSetting } from '@/lib/engine/settings';
import { generateWebhookSecret } from '@/lib/engine/webhooks/sign';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { scratchPostgres, startTestEngine, type TestEngine } from '../support/engine-harness';
import { startScript, stopProcess, type Started } from '../support/processes';

// Security review (issue 27): results links were signed with the webhook secret, which every webhook
// receiver holds, so any receiver could mint a link to any batch that never expired. They are now
// signed with a results-link key of their own (settings table), read when a link is checked, and no
// link may claim to expire later than the links the server makes (24 h).
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let batchId: string;

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const form = batchForm({ task_id: taskId }, jsonlFile([{ data_uuid: 'a', inputs: [`${site.url}/co/1/`] }]));
  batchId = (await api.post('/v0.1/batches', { form })).body.data.batch_id;
  await waitFor(async () => (await api.get(`/v0/batches/${batchId}`)).body.data.completed);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const linkFromApi = async (): Promise<string> =>
  (await api.get(`/v0/batches/${batchId}/results`)).body.file.file;
const open = async (link: string) => {
  const r = await fetch(link);
  return { status: r.status, text: await r.text() };
};

/** A link made the way a webhook receiver could before: HMAC with the webhook secret it was given. */
function linkSignedWithWebhookSecret(secret: string, expires: number): string {
  const signature = createHmac('sha256', secret).update(`${batchId}\njsonl\n${expires}`).digest('base64url');
  return `${t.url}/files/results/${batchId}?format=jsonl&expires=${expires}&signature=${signature}`;
}

describe('results links', () => {
  it('the link the results endpoint hands out opens the file', async () => {
    const r = await open(await linkFromApi());
    expect(r.status).toBe(200);
    expect(r.text.trim().split('\n')).toHaveLength(1);
  });

  it('a link minted with the webhook secret (held by every receiver) is refused', async () => {
    for (const expires of [Math.floor(Date.now() / 1000) + 3600, 99_999_999_999]) {
      const r = await open(linkSignedWithWebhookSecret(t.engine.webhookSecret, expires));
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text).message).toBe('Invalid download link');
    }
  });

  it('a link claiming to expire later than the 24 h the server gives is refused, even signed with the link key', async () => {
    const key = await readLinkKey(t.engine.db);
    const inTwoDays = signedFileUrl(t.url, key, batchId, 'jsonl', Date.now() + 2 * 86_400_000);
    const r = await open(inTwoDays);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.text).error.details).toMatch(/expires later than any link/);
    expect((await open(signedFileUrl(t.url, key, batchId, 'jsonl'))).status).toBe(200);
  });

  it('rotating the webhook secret leaves links alone', async () => {
    const link = await linkFromApi();
    await setSetting(t.engine.db, 'webhook_secret', generateWebhookSecret());
    expect((await open(link)).status).toBe(200);
    expect((await open(await linkFromApi())).status).toBe(200);
  });

  it('the key is read when a link is checked: replacing it invalidates older links at once', async () => {
    const link = await linkFromApi();
    const before = await getSetting<string>(t.engine.db, 'results_link_key');
    await deleteSetting(t.engine.db, 'results_link_key');
    expect((await open(link)).status).toBe(401);
    expect(await getSetting<string>(t.engine.db, 'results_link_key')).not.toBe(before);
    expect((await open(await linkFromApi())).status).toBe(200);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('results links across API processes on PostgreSQL', () => {
  const procs: Started[] = [];
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let otherDataDir: string;
  beforeAll(async () => {
    scratch = await scratchPostgres('quarry-links-');
    otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-links-b-'));
  });
  afterAll(async () => {
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await scratch?.cleanup();
    fs.rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('a link made by one process opens on another with a data directory of its own', async () => {
    const ready = /listening on (http:\/\/\S+)/;
    procs.push(await startScript('scripts/serve-engine.ts', scratch.apiEnv(), ready));
    procs.push(
      await startScript('scripts/serve-engine.ts', scratch.apiEnv({ QUARRY_DATA_DIR: otherDataDir }), ready),
    );
    const a = apiClient(procs[0]!.url!, t.key);
    const taskId = await createContactTask(a);
    const form = batchForm(
      { task_id: taskId },
      jsonlFile([{ data_uuid: 'a', inputs: [`${site.url}/co/1/`] }]),
    );
    const id = (await a.post('/v0.1/batches', { form })).body.data.batch_id;
    const link = new URL((await a.get(`/v0/batches/${id}/results`)).body.file.file);
    const onB = new URL(link.pathname + link.search, procs[1]!.url!);
    expect((await fetch(onB)).status).toBe(200);
  }, 60_000);
});
