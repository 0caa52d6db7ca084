import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// Per-host politeness across every worker process, through the database:
// - concurrency: how many jobs of each host are running now, counted in the jobs table, so a host's
//   cap holds for all workers together (on the embedded store one process owns the store, and its own
//   in-flight count is already the whole truth, so this count is skipped there);
// - Retry-After: a host that answered 429/503 with Retry-After gets a cool-down row, and no worker
//   starts a job for it before then.
// Claims read both just before deciding which rows start; rows of a host with no room are parked.

export interface HostLimits {
  /** Running jobs per host, all workers together (empty when not shared). */
  running: Map<string, number>;
  /** Epoch milliseconds until which a host is left alone. */
  cooledUntil: Map<string, number>;
}

// The embedded store's single worker learns its own cool-downs at once (noteCooldown); reading the
// table now and then is enough there.
const LOCAL_REFRESH_MS = 1_000;

export class HostLimitsView {
  private current: HostLimits = { running: new Map(), cooledUntil: new Map() };
  private at = 0;

  /** `shared`: other worker processes may run on the same store (PostgreSQL). */
  constructor(
    private readonly db: Db,
    private readonly shared: boolean,
  ) {}

  /** The limits as of now: read from the store on every claim when shared, else every second. */
  async load(): Promise<HostLimits> {
    if (!this.shared && Date.now() - this.at < LOCAL_REFRESH_MS) return this.current;
    const rows = await queryRows<{ kind: 'c' | 'r'; host: string; v: number }>(
      this.db,
      sql`SELECT 'c' AS kind, host, (extract(epoch FROM until) * 1000)::float8 AS v FROM host_cooldowns WHERE until > now()
          UNION ALL
          SELECT 'r', host, count(*)::float8 FROM jobs
          WHERE ${this.shared} AND state = 'running' AND host <> '' GROUP BY host`,
    );
    const next: HostLimits = { running: new Map(), cooledUntil: new Map() };
    for (const r of rows) (r.kind === 'c' ? next.cooledUntil : next.running).set(r.host, Number(r.v));
    this.current = next;
    this.at = Date.now();
    return next;
  }

  /** Until when (epoch ms) `host` is left alone, as last read or noted here; 0 when it is not. */
  cooledUntil(host: string): number {
    return this.current.cooledUntil.get(host) ?? 0;
  }

  /** Records a Retry-After for `host` here at once and in the store for every other worker. */
  async noteCooldown(host: string, seconds: number): Promise<void> {
    if (!host || !(seconds > 0)) return;
    const until = Date.now() + seconds * 1000;
    if (until > (this.current.cooledUntil.get(host) ?? 0)) this.current.cooledUntil.set(host, until);
    await this.db.execute(sql`
      INSERT INTO host_cooldowns (host, until) VALUES (${host}, now() + make_interval(secs => ${seconds}))
      ON CONFLICT (host) DO UPDATE SET until = greatest(host_cooldowns.until, excluded.until)`);
  }
}

/** Drops cool-downs that have passed (the table only ever holds hosts that asked to wait). */
export async function pruneCooldowns(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM host_cooldowns WHERE until < now() - interval '1 hour'`);
}
