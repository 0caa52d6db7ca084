import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { heldBy } from './held-by';

// A job counts as running only from its first page request (issue 31): until then it is claimed and
// waiting (for a Crawl-delay turn, a Retry-After cool-down), readers call it pending, and a cancel
// removes it. On the shared store (PostgreSQL) the crossing is written to the job row, because the
// cancel may run in another process: the row lock orders the two, so either the job crossed first
// and the cancel counts it in progress, or the cancel removed it first and the job ends without a
// request or a result. The jobs that reach their first request in one turn of the event loop share
// one statement.

/** Marks claimed jobs as fetching on the shared store, a statement for each group that arrives together. */
export class StartGate {
  private waiting = new Map<number, ((ok: boolean) => void)[]>();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly workerId: string,
  ) {}

  /** Resolves true once the row of job `id` is marked fetching, false if it is no longer this worker's. */
  cross(id: number): Promise<boolean> {
    return new Promise((resolve) => {
      const list = this.waiting.get(id);
      if (list) list.push(resolve);
      else this.waiting.set(id, [resolve]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const group = this.waiting;
    this.waiting = new Map();
    let crossed = new Set<number>();
    try {
      const rows = await queryRows<{ id: number }>(
        this.db,
        sql`UPDATE jobs SET fetching = true
            WHERE id = ANY(${sql.param([...group.keys()])}::bigint[]) AND state = 'running' AND ${heldBy(this.workerId)}
            RETURNING id`,
      );
      crossed = new Set(rows.map((r) => Number(r.id)));
    } catch (err) {
      // Not sent: the jobs end unread, their leases run out and the reaper puts them back.
      console.error('[quarry] marking jobs as started failed:', (err as Error).message);
    }
    for (const [id, resolvers] of group) for (const r of resolvers) r(crossed.has(id));
  }
}
