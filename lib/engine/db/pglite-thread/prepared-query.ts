import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { PLAN_PER_CALL } from '../plan-per-call';

// PGlite's query() sends every statement unnamed: each call parses, analyses and plans it again, and
// does so in six separate round trips into the WASM backend. For the queue's CTE statements that is
// 70–80% of their cost (~2.5 ms → ~0.6 ms). Here each distinct SQL text becomes a named prepared
// statement on first use; later calls send Bind/Describe/Execute/Sync in one round trip, and
// PostgreSQL's plan cache can reuse the plan. Results are parsed by PGlite's own parseResults, so
// they are identical to query()'s.
//
// It relies on two members PGlite does not document: `_runExclusiveTransaction` (the lock that keeps
// a statement from landing inside another caller's open transaction) and `serializers` (per-type
// parameter serializers). Both are checked when the store opens (supportsPrepared); PGlite is pinned
// to an exact version in package.json, and the store-thread tests cover this path.

const MAX_STATEMENTS = 400;
const S = protocol.serialize;

interface Internals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (v: unknown) => string>;
  parsers: Record<number, (v: string, typeId?: number) => unknown>;
}

interface Statement {
  name: string;
  paramTypes: number[];
}

export interface PreparedOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (v: string) => unknown>;
}

export function supportsPrepared(pg: PGlite): boolean {
  const i = pg as unknown as Partial<Internals>;
  return (
    typeof i._runExclusiveTransaction === 'function' &&
    typeof i.serializers === 'object' &&
    typeof i.parsers === 'object'
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const DESCRIBE_EXECUTE_SYNC = concat([S.describe({ type: 'P' }), S.execute({}), S.sync()]);
// PostgreSQL switches a prepared statement to a generic plan after five calls when that plan looks no
// dearer, and a generic plan guesses 10 elements for each array parameter. For a statement that joins
// a table to unnest($n) that guess can be ruinous: the completion statement's generic plan rescanned
// the unnested rows once per job row (a group of 400 results took 200 ms instead of ~15), and since
// PGlite never re-analyses, a cached plan also keeps the table sizes of the moment it was made.
// Statements marked PLAN_PER_CALL keep their parse but are planned on every call with their values.
const SET_CUSTOM_PLAN = S.query('SET plan_cache_mode = force_custom_plan');
const SET_AUTO_PLAN = S.query('SET plan_cache_mode = auto');

/**
 * A Bind message (unnamed portal, every parameter and result in text format). pg-protocol's writer,
 * which PGlite uses, counts UTF-8 bytes in a JavaScript loop and grows its buffer by halves: for the
 * ingest's inserts (8 × ~70 KB of JSON) that cost more than the insert itself. This sizes the buffer
 * once and lets Buffer.write encode natively.
 */
export function bindMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  let length = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  const sizes = values.map((v) => (v === null ? -1 : Buffer.byteLength(v)));
  for (const n of sizes) length += 4 + Math.max(n, 0);
  const buf = Buffer.allocUnsafe(1 + length);
  let o = buf.writeUInt8(0x42, 0); // 'B'
  o = buf.writeInt32BE(length, o);
  o = buf.writeUInt8(0, o); // portal "" (unnamed)
  o += buf.write(statement, o);
  o = buf.writeUInt8(0, o);
  o = buf.writeInt16BE(0, o); // no parameter format codes: all text
  o = buf.writeInt16BE(values.length, o);
  for (let i = 0; i < values.length; i++) {
    const n = sizes[i]!;
    o = buf.writeInt32BE(n, o);
    if (n > 0) o += buf.write(values[i]!, o);
  }
  buf.writeInt16BE(0, o); // no result format codes: all text
  return buf;
}

export class PreparedStatements {
  /** By SQL text, least recently used first. */
  private readonly statements = new Map<string, Statement>();
  private serial = 0;

  constructor(private readonly pg: PGlite) {}

  /** A statement outside any transaction: waits for open transactions like query() does. */
  query(text: string, params: unknown[], options: PreparedOptions): Promise<Results> {
    const pg = this.pg as unknown as Internals & PGlite;
    return pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        const r = await this.run(text, params, options);
        await pg.syncToFs();
        return r;
      }),
    );
  }

  /** A statement inside the open transaction that holds PGlite's transaction lock. */
  queryInTransaction(text: string, params: unknown[], options: PreparedOptions): Promise<Results> {
    return this.pg.runExclusive(() => this.run(text, params, options));
  }

  private async run(text: string, params: unknown[], options: PreparedOptions): Promise<Results> {
    const pg = this.pg as unknown as Internals & PGlite;
    const st = await this.statement(text);
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = pg.serializers[st.paramTypes[i]!];
      return serialize ? serialize(v) : String(v);
    });
    const perCall = text.includes(PLAN_PER_CALL);
    if (perCall) await pg.execProtocolStream(SET_CUSTOM_PLAN, { syncToFs: false });
    let messages;
    try {
      messages = await pg.execProtocolStream(concat([bindMessage(st.name, values), DESCRIBE_EXECUTE_SYNC]), {
        syncToFs: false,
      });
    } finally {
      if (perCall) await pg.execProtocolStream(SET_AUTO_PLAN, { syncToFs: false });
    }
    // parseResults would merge options.parsers into PGlite's 318 parsers by spreading both objects on
    // every call (~70 µs, more than a small statement's own cost): merge once per parsers object.
    return parse.parseResults(messages, this.mergedParsers(options.parsers), {
      rowMode: options.rowMode,
    })[0]!;
  }

  private readonly merged = new WeakMap<object, Internals['parsers']>();
  private mergedParsers(extra: PreparedOptions['parsers']): Internals['parsers'] {
    const base = (this.pg as unknown as Internals).parsers;
    if (!extra) return base;
    let m = this.merged.get(extra);
    if (!m) this.merged.set(extra, (m = { ...base, ...extra }));
    return m;
  }

  private async statement(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) {
      this.statements.delete(text); // move to the most recently used end
      this.statements.set(text, known);
      return known;
    }
    const name = `quarry_${++this.serial}`;
    // A statement that does not parse throws here and is not remembered.
    const messages = await this.pg.execProtocolStream(
      concat([S.parse({ name, text }), S.describe({ type: 'S', name }), S.sync()]),
      {
        syncToFs: false,
      },
    );
    const described = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs?: number[] } | undefined;
    const st = { name, paramTypes: described?.dataTypeIDs ?? [] };
    this.statements.set(text, st);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldText, old] = this.statements.entries().next().value!;
      this.statements.delete(oldText);
      await this.pg.execProtocolStream(concat([S.close({ type: 'S', name: old.name }), S.sync()]), {
        syncToFs: false,
      });
    }
    return st;
  }
}
