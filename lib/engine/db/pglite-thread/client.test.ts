import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PER_CALL } from '../plan-per-call';
import { PgliteThreadClient } from './client';

// The embedded store's thread: what Drizzle relies on (results, errors with their SQLSTATE fields,
// transactions) must behave as PGlite in-process does, through the prepared-statement path too.
describe('PGlite on its own thread', () => {
  let dir: string;
  let client: PgliteThreadClient;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-store-thread-'));
    client = await PgliteThreadClient.open(dir);
    await client.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, at timestamptz, doc jsonb)');
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with rows, fields and affected rows, in object and array mode', async () => {
    const ins = await client.query('INSERT INTO t (id, name, at, doc) VALUES ($1, $2, $3, $4)', [
      1,
      'one',
      '2026-01-02T03:04:05Z',
      JSON.stringify({ a: [1, 2] }),
    ]);
    expect(ins.affectedRows).toBe(1);
    const obj = await client.query('SELECT id, name, doc FROM t WHERE id = $1', [1]);
    expect(obj.rows).toEqual([{ id: 1, name: 'one', doc: { a: [1, 2] } }]);
    expect(obj.fields.map((f) => f.name)).toEqual(['id', 'name', 'doc']);
    const arr = await client.query('SELECT id, name FROM t WHERE id = $1', [1], { rowMode: 'array' });
    expect(arr.rows).toEqual([[1, 'one']]);
  });

  it('leaves the types Drizzle parses itself as text, and parses them otherwise', async () => {
    const raw = await client.query('SELECT at FROM t WHERE id = 1', [], {
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof (raw.rows[0] as { at: unknown }).at).toBe('string');
    const parsed = await client.query('SELECT at FROM t WHERE id = 1');
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('gives the same answer on first use and when the statement is reused', async () => {
    const q = 'SELECT count(*)::int AS n, $1::text AS tag FROM t WHERE id >= $2';
    const first = await client.query(q, ['a', 0]);
    for (let i = 0; i < 8; i++) expect(await client.query(q, ['a', 0])).toEqual(first); // past the plan cache's custom plans
    expect((await client.query(q, ['b', 2])).rows).toEqual([{ n: 0, tag: 'b' }]);
  });

  it('rejects with the database error and its SQLSTATE fields, and keeps working', async () => {
    const err = await client
      .query('INSERT INTO t (id, name) VALUES ($1, $2)', [1, 'dup'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(String((err as Error).message)).toMatch(/duplicate key/);
    await expect(client.query('SELEC nonsense')).rejects.toMatchObject({ code: '42601' });
    expect((await client.query('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
  });

  it('commits a transaction, and rolls it back when its callback throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [10, 'ten']);
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [11, 'eleven']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [12, 'twelve']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await client.query('SELECT id FROM t WHERE id >= 10 ORDER BY id', [], { rowMode: 'array' });
    expect(ids.rows).toEqual([[10], [11]]);
  });

  it('keeps statements outside a transaction from running inside it', async () => {
    let release!: () => void;
    let opened!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const isOpen = new Promise<void>((r) => (opened = r));
    const tx = client.transaction(async (t) => {
      await t.query('INSERT INTO t (id, name) VALUES (20, $1)', ['inside']);
      opened();
      await gate;
      throw new Error('roll back');
    });
    await isOpen;
    // Issued while the transaction is open: it must wait, and must not be rolled back with it.
    const outside = client.query('INSERT INTO t (id, name) VALUES (21, $1)', ['outside']);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    const ids = await client.query('SELECT id FROM t WHERE id IN (20, 21)', [], { rowMode: 'array' });
    expect(ids.rows).toEqual([[21]]);
  });

  it('runs many concurrent statements, each answered in full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.query('SELECT $1::int * 2 AS v', [i])),
    );
    expect(answers.map((a) => (a.rows[0] as { v: number }).v)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 2),
    );
  });

  it('plans a statement marked PLAN_PER_CALL on every call, and others from the plan cache', async () => {
    // PostgreSQL tries five custom plans before it may settle on a generic one: call each ten times.
    const join = (marker: string) =>
      `${marker} SELECT t.id FROM t JOIN unnest($1::int[]) AS v(id) ON t.id = v.id WHERE t.id = ANY($1::int[])`;
    for (let i = 0; i < 10; i++) {
      await client.query(join(PLAN_PER_CALL), [[1, 2, 3]]);
      await client.query(join('/* cached */'), [[1, 2, 3]]);
    }
    const plans = await client.query(
      `SELECT statement LIKE '%plan per call%' AS per_call, generic_plans::int AS generic, custom_plans::int AS custom
       FROM pg_prepared_statements
       WHERE statement LIKE '%unnest($1::int[])%' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY 1`,
    );
    expect(plans.rows).toEqual([
      { per_call: false, generic: expect.any(Number), custom: expect.any(Number) },
      { per_call: true, generic: 0, custom: 10 },
    ]);
    expect((plans.rows[0] as { generic: number }).generic).toBeGreaterThan(0);
    // The setting is put back: later statements may use cached plans again.
    const mode = await client.query('SELECT current_setting($1) AS v', ['plan_cache_mode']);
    expect(mode.rows).toEqual([{ v: 'auto' }]);
  });

  it('puts the plan setting back when a statement marked PLAN_PER_CALL fails', async () => {
    await expect(client.query(`${PLAN_PER_CALL} SELECT 1 / $1::int AS v`, [0])).rejects.toThrow(
      /division by zero/,
    );
    const mode = await client.query('SELECT current_setting($1) AS v', ['plan_cache_mode']);
    expect(mode.rows).toEqual([{ v: 'auto' }]);
  });

  it('restarts a store thread that died, with the committed data intact', async () => {
    await client.query('INSERT INTO t (id, name) VALUES (30, $1)', ['before the crash']);
    // What a WASM abort or an uncaught error on the thread looks like from here: the thread is gone.
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const after = await client.query('SELECT name FROM t WHERE id = 30');
    expect(after.rows).toEqual([{ name: 'before the crash' }]);
  }, 60_000); // boots PGlite again on a new thread, as beforeAll does: seconds on a loaded machine
});
