import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@/lib/engine/db/client';
import { createKey, hashKey, revokeKey } from '@/lib/engine/auth/keys';
import { KEY_CHANNEL, cachedKey, lookupStarts, rememberKey } from '@/lib/engine/auth/key-cache';
import { listenForRevocations } from '@/lib/engine/auth/revocation-listener';
import { queryRows } from '@/lib/engine/db/query-rows';
import { apiClient, waitFor } from '../support/api';
import { scratchPostgres, TEST_KEY } from '../support/engine-harness';
import { startScript, stopProcess, type Started } from '../support/processes';

// Issue 6 (security): with several API processes on one PostgreSQL, a key revoked anywhere (the
// dashboard of one process, or `npm run keys revoke` in a process of its own) stops working on every
// process at once, though each caches verified keys. Runs only against PostgreSQL.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('key revocation heard by every process on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let store: Store;
  const procs: Started[] = [];

  /** Pids of the revocation listeners connected to the scratch database (named for operators). */
  const listenerPids = async () =>
    (
      await queryRows<{ pid: number }>(
        store.db,
        sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'quarry key revocations' AND state IS NOT NULL`,
      )
    ).map((r) => r.pid);

  beforeAll(async () => {
    scratch = await scratchPostgres('quarry-revoke-');
    store = await scratch.open();
  });
  afterAll(async () => {
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await scratch?.cleanup();
  });

  it('a key revoked by a third process is refused by both API processes within moments', async () => {
    const env = scratch.apiEnv({ QUARRY_RATE_LIMIT_PER_MIN: '0' });
    try {
      for (let i = 0; i < 2; i++)
        procs.push(await startScript('scripts/serve-engine.ts', env, /listening on (http:\/\/\S+)/));
      const { key, info } = await createKey(store.db, 'short-lived');
      const apis = procs.map((p) => apiClient(p.url!, key));
      // Verified, so now cached by each process (for a minute while its listener is connected).
      for (const api of apis) expect((await api.get('/v0/tasks')).status).toBe(200);
      expect(await revokeKey(store.db, info.id)).toBe(true);
      // Without the notice each process would accept the key from its cache for up to a minute (5 s
      // were the listener down); 3 s covers a busy machine's delivery.
      for (const api of apis)
        await waitFor(async () => (await api.get('/v0/tasks')).status === 401, 3_000, 50);
      // The bootstrap key is unaffected.
      expect((await apiClient(procs[0]!.url!, TEST_KEY).get('/v0/tasks')).status).toBe(200);
      // Each process holds one listening connection, named for operators.
      expect(await listenerPids()).toHaveLength(2);
    } finally {
      // The next test counts listening connections: these processes' must be gone.
      while (procs.length) await stopProcess(procs.pop()!, 'SIGKILL');
    }
  }, 60_000);

  it('a worker process (npm run worker) serves no API and holds no listening connection', async () => {
    const worker = await startScript(
      'scripts/worker.ts',
      scratch.apiEnv({ QUARRY_WORKER: 'embedded' }),
      /worker (\S+) running/,
    );
    const api = await startScript('scripts/serve-engine.ts', scratch.apiEnv(), /listening on (http:\/\/\S+)/);
    procs.push(worker, api);
    try {
      // The API process's listener is counted: the query sees connections of other processes.
      await waitFor(async () => (await listenerPids()).length === 1, 5_000, 50);
      expect(await listenerPids()).toHaveLength(1);
    } finally {
      while (procs.length) await stopProcess(procs.pop()!, 'SIGKILL');
    }
  }, 60_000);

  it('a listener whose connection is cut reconnects, and then hears revocations again', async () => {
    const listener = await listenForRevocations(scratch.url);
    try {
      const [first] = await waitFor(async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids;
      }, 5_000);
      await store.db.execute(sql`SELECT pg_terminate_backend(${first!})`);
      await waitFor(async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids[0] !== first;
      }, 10_000);
      const { key, info } = await createKey(store.db, 'cached here');
      const hash = hashKey(key);
      rememberKey(hash, info.id, lookupStarts());
      expect(cachedKey(hash)).toBe(info.id);
      // As another process revokes it: the update and the notice, but not this process's revokeKey(),
      // which would clear this cache itself.
      await store.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${info.id}`);
      await store.db.execute(sql`SELECT pg_notify(${KEY_CHANNEL}, ${info.id})`);
      await waitFor(async () => cachedKey(hash) === null, 3_000, 20);
    } finally {
      await listener.close();
    }
  }, 30_000);
});
