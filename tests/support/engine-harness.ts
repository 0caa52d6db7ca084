import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '@/lib/engine/config';
import { createEngine, setProcessEngine, type Engine, type EngineOverrides } from '@/lib/engine/runtime';
import { serveEngineHttp } from '@/lib/engine/http/node-server';

export const TEST_KEY = 'qk_test_0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A real engine on a fresh store: PGlite in a temp dir, or — when DATABASE_URL is set — a fresh
 * PostgreSQL database created for this test file and dropped afterwards. Served on 127.0.0.1.
 */
export async function startTestEngine(
  opts: { env?: Record<string, string>; overrides?: EngineOverrides } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const created = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const config = loadConfig({
    ...process.env,
    QUARRY_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    QUARRY_API_KEY: TEST_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    ...opts.env,
  });
  const engine = await createEngine(config, opts.overrides);
  setProcessEngine(engine);
  const http = await serveEngineHttp();
  return {
    engine,
    url: http.url,
    key: TEST_KEY,
    dataDir,
    async close() {
      await http.close();
      await engine.close();
      setProcessEngine(null);
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestEngine = Awaited<ReturnType<typeof startTestEngine>>;

export async function createScratchDatabase(adminUrl: string) {
  const name = `quarry_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type { Engine };

/**
 * For tests of several processes on one PostgreSQL: a scratch database and a data dir they share,
 * and stores opened on it from this process; `cleanup()` closes the stores and drops both.
 */
export async function scratchPostgres(prefix: string) {
  const { openStore } = await import('@/lib/engine/db/client');
  const db = await createScratchDatabase(process.env.DATABASE_URL!);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const stores: Awaited<ReturnType<typeof openStore>>[] = [];
  return {
    url: db.url,
    dataDir,
    /** Environment of an API process (serve-engine, no worker) on this database; `env` adds or overrides. */
    apiEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
      return {
        ...process.env,
        DATABASE_URL: db.url,
        QUARRY_API_KEY: TEST_KEY,
        QUARRY_DATA_DIR: dataDir,
        QUARRY_WORKER: 'off',
        PORT: '0',
        ...env,
      };
    },
    async open() {
      const s = await openStore({ dataDir, databaseUrl: db.url });
      stores.push(s);
      return s;
    },
    async cleanup() {
      for (const s of stores) await s.close().catch(() => {});
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
