import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Raw SQL with typed rows: PGlite and node-postgres both answer `{ rows }`, the generic type does not say so. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
