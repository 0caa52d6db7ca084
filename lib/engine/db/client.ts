import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { acquireLock } from './lock-file';
import { PgliteThreadClient } from './pglite-thread/client';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run VACUUM (ANALYZE): PGlite has no autovacuum, PostgreSQL's is fine but a manual one after big writes helps. */
  vacuum(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), 'lib/engine/db/migrations');

function migrationsFolder(): string {
  // Tests and scripts may run from another cwd; fall back to the folder beside this file.
  if (fs.existsSync(MIGRATIONS)) return MIGRATIONS;
  return path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');
}

export async function openStore(opts: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Store> {
  const release = acquireLock(dataDir);
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // PGlite runs on its own thread (see pglite-thread/client.ts); Drizzle's PGlite driver talks to it.
    const client = await PgliteThreadClient.open(dataDir);
    try {
      const db = drizzle({ client: client as never, schema }) as unknown as Db;
      await migrate(db as never, { migrationsFolder: migrationsFolder() });
      // Row blocks are stored uncompressed here: PGlite compresses with pglz in WASM, which took about
      // as long as parsing the upload (an insert of 100k rows: ~90 ms, ~50 ms without). The blocks take
      // about the uploaded JSON's size on disk instead of a quarter of it. Catalog-only and idempotent;
      // PostgreSQL keeps its default (or the operator's default_toast_compression, such as lz4).
      await client.exec('ALTER TABLE batch_rows ALTER COLUMN rows SET STORAGE EXTERNAL');
      return {
        db,
        kind: 'pglite',
        vacuum: async () => {
          await client.exec('VACUUM (ANALYZE)');
        },
        close: async () => {
          try {
            await client.close(); // CHECKPOINT, then close
          } finally {
            release();
          }
        },
      };
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Store> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // A pool error on an idle client (server restarted) must not crash the process; the next query reconnects.
  pool.on('error', (err) => console.error('[quarry] postgres pool error:', err.message));
  // The pool listens only on idle clients. One checked out (a transaction) whose connection is cut
  // emits 'error' with no listener, and Node throws that from the socket handler: the process dies.
  // The cut already fails the client's queries, and the pool discards the client on release (it is
  // no longer queryable), so all this listener has to do is be there, and say what happened.
  // (An idle client's error is the pool's, logged above; only a checked-out one is logged here.)
  const inUse = new WeakSet<object>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (inUse.has(client)) console.error('[quarry] postgres connection lost in use:', err.message);
    });
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Several processes may start at once: serialise migrations with an advisory lock.
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(727274)');
    await migrate(drizzle(conn, { schema }) as never, { migrationsFolder: migrationsFolder() });
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    conn.release();
  }
  return {
    db,
    kind: 'postgres',
    vacuum: async () => {
      await db.execute(sql`VACUUM (ANALYZE) jobs`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
