import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '@/lib/engine/db/client';
import { createScratchDatabase } from '../support/engine-harness';

// A connection checked out of the pool (a transaction) that the server cuts must fail its own work,
// not the process. node-postgres emits the cut as an 'error' event on the client, and the pool
// listens only on idle clients: in CI a worker inside a transaction when PostgreSQL restarted died
// of that unhandled event. Cutting one backend with pg_terminate_backend is the same event, on cue.
describe.skipIf(!process.env.DATABASE_URL)('a store connection cut while checked out', () => {
  let store: Store;
  let drop: () => Promise<void>;
  let dataDir: string;
  const uncaught: Error[] = [];
  const onUncaught = (err: Error) => void uncaught.push(err);

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    drop = scratch.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-cut-'));
    store = await openStore({ dataDir, databaseUrl: scratch.url });
    process.prependListener('uncaughtException', onUncaught);
  });

  beforeEach(() => {
    uncaught.length = 0;
  });

  afterAll(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await store?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The first row of a raw statement (Db's execute is typed for both drivers, so its result is unknown). */
  async function first<T>(run: Promise<unknown>): Promise<T> {
    return ((await run) as { rows: T[] }).rows[0]!;
  }

  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  }

  it('between statements of a transaction: the transaction fails, the process lives, the store works on', async () => {
    const work = store.db.transaction(async (tx) => {
      const { pid } = await first<{ pid: number }>(tx.execute(sql`SELECT pg_backend_pid() AS pid`));
      await terminate(pid);
      // The socket closes while this client is still checked out and between statements.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(work).rejects.toThrow();
    expect(uncaught).toEqual([]);
    expect(await first<{ one: number }>(store.db.execute(sql`SELECT 1 AS one`))).toEqual({ one: 1 });
  });

  it('during a statement of a transaction: that statement fails, the process lives', async () => {
    const work = store.db.transaction(async (tx) => {
      const { pid } = await first<{ pid: number }>(tx.execute(sql`SELECT pg_backend_pid() AS pid`));
      const cut = new Promise((resolve) => setTimeout(resolve, 200)).then(() => terminate(pid));
      await Promise.all([tx.execute(sql`SELECT pg_sleep(5)`), cut]);
    });
    await expect(work).rejects.toThrow();
    expect(uncaught).toEqual([]);
    expect(await first<{ one: number }>(store.db.execute(sql`SELECT 1 AS one`))).toEqual({ one: 1 });
  });
});
