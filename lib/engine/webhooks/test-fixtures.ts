// Shared set-up for this folder's tests (not a test file itself): a real store, seeded rows and
// a real HTTP receiver on loopback.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openStore, type Db, type Store } from '../db/client';
import { batches, jobs, tasks, taskVersions } from '../db/schema';
import { newId } from '../ids';

export async function openTestStore(): Promise<{ store: Store; db: Db; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-webhooks-'));
  const store = await openStore({ dataDir: dir });
  return {
    store,
    db: store.db,
    cleanup: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SeedJob {
  seq: number;
  state?: string;
  result?: unknown;
  error?: string | null;
}

/** A task, version 3, and a batch whose jobs are inserted in reverse order so only `seq` gives input order. */
export async function seedBatch(db: Db, jobRows: SeedJob[]): Promise<string> {
  const taskId = newId('tsk');
  const batchId = newId('bat');
  await db.insert(tasks).values({ id: taskId, name: 't', description: 'd', liveVersion: 3, maxVersion: 3 });
  await db.insert(taskVersions).values({ taskId, version: 3, definition: {} as never });
  await db.insert(batches).values({
    id: batchId,
    taskId,
    taskVersion: 3,
    name: 'b',
    jobStatus: 'COMPLETED',
    completed: true,
    jobsAdded: jobRows.length,
  });
  const values = [...jobRows].reverse().map((j) => ({
    jobId: newId('job'),
    batchId,
    seq: j.seq,
    dataUuid: `row-${j.seq}`,
    inputs: [`https://example.com/${j.seq}`],
    state: j.state ?? 'succeeded',
    result: j.result ?? null,
    error: j.error ?? null,
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(jobs).values(values.slice(i, i + 500));
  return batchId;
}

export interface Hit {
  headers: Record<string, string>;
  body: string;
  path: string;
}

export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  hits: Hit[];
  close(): Promise<void>;
}

export async function startReceiver(
  reply: (hit: Hit, index: number) => Reply | Promise<Reply>,
): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const hit = { headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '/' };
      const index = hits.push(hit) - 1;
      void Promise.resolve(reply(hit, index)).then((r) => {
        if (r === 'hang') return;
        res.writeHead(r.status, r.headers);
        res.end(r.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns a truthy value; fails the test with `what` when it takes too long. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
