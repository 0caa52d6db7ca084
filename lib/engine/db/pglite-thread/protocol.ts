// Messages between the store client (main thread) and the thread that owns PGlite. Everything here
// is structured-clonable: parsers (functions) travel as the list of type OIDs to leave unparsed.

/** workerData of the store thread. */
export interface StoreThreadInit {
  dataDir: string;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values are returned as PostgreSQL's text, unparsed (Drizzle parses dates itself). */
  rawTypes?: number[];
}

/** `tx` names an open transaction: the statement runs inside it. */
export type ToStore =
  | { op: 'query'; id: number; tx?: number; sql: string; params: unknown[]; options: QueryOptions }
  | { op: 'exec'; id: number; tx?: number; sql: string }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

export interface SerializedDbError {
  name: string;
  message: string;
  stack?: string;
  /** Own enumerable fields of the error (SQLSTATE `code`, `detail`, `constraint`, …). */
  fields: Record<string, unknown>;
}

export interface StoreResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type FromStore =
  | { type: 'opened'; error?: SerializedDbError }
  | { id: number; ok: true; result?: StoreResult | StoreResult[]; tx?: number }
  | { id: number; ok: false; error: SerializedDbError };
