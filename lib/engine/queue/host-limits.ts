import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// Per-host politeness across every worker process, through the database:
// - concurrency: how many jobs of each host are running now, counted in the jobs table, so a host's
//   cap holds for all workers together (on the embedded store one process owns the store, and its own
//   in-flight count is already the whole truth, so this count is skipped there);
// - Retry-After: a host that answered 429/503 with Retry-After gets a cool-down row, and no worker
//   starts a job for it before then;
// - robots.txt Crawl-delay: a host that sets one runs one job at a time across all workers, and each
//   of its jobs ends with a cool-down of that delay (the row's gap_ms), so the delay holds between
//   jobs. Until its first job ends the queue does not know the delay and the host's first jobs may
//   start together; their page requests still take turns a delay apart (host-turns.ts).
// Claims read both just before deciding which rows start; rows of a host with no room are parked.

export interface HostLimits {
  /** Running jobs per host, all workers together (empty when not shared). */
  running: Map<string, number>;
  /** Epoch milliseconds until which a host is left alone. */
  cooledUntil: Map<string, number>;
  /** Hosts whose robots.txt sets a Crawl-delay: one job at a time (value: until when this is known). */
  serial: Map<string, number>;
}

// A host's Crawl-delay is remembered for an hour after its last job, as long as its row is kept.
const SERIAL_MEMORY_MS = 60 * 60_000;

// The embedded store's single worker learns its own cool-downs at once (noteCooldown); reading the
// table now and then is enough there.
const LOCAL_REFRESH_MS = 1_000;

export class HostLimitsView {
  private current: HostLimits = { running: new Map(), cooledUntil: new Map(), serial: new Map() };
  private at = 0;

  /** `shared`: other worker processes may run on the same store (PostgreSQL). */
  constructor(
    private readonly db: Db,
    private readonly shared: boolean,
  ) {}

  /** The limits as of now: read from the store on every claim when shared, else every second. */
  async load(): Promise<HostLimits> {
    if (!this.shared && Date.now() - this.at < LOCAL_REFRESH_MS) return this.current;
    const rows = await queryRows<{ kind: 'c' | 'r' | 'g'; host: string; v: number }>(
      this.db,
      sql`SELECT 'c' AS kind, host, (extract(epoch FROM until) * 1000)::float8 AS v FROM host_cooldowns WHERE until > now()
          UNION ALL
          SELECT 'g', host, (extract(epoch FROM until) * 1000)::float8 FROM host_cooldowns WHERE gap_ms > 0
          UNION ALL
          SELECT 'r', host, count(*)::float8 FROM jobs
          WHERE ${this.shared} AND state = 'running' AND host <> '' GROUP BY host`,
    );
    const next: HostLimits = { running: new Map(), cooledUntil: new Map(), serial: new Map() };
    for (const r of rows) {
      if (r.kind === 'g') next.serial.set(r.host, Number(r.v) + SERIAL_MEMORY_MS);
      else (r.kind === 'c' ? next.cooledUntil : next.running).set(r.host, Number(r.v));
    }
    // What this process noted itself may not have reached the store yet: keep it.
    const now = Date.now();
    for (const [host, until] of this.current.cooledUntil) {
      if (until > now && until > (next.cooledUntil.get(host) ?? 0)) next.cooledUntil.set(host, until);
    }
    for (const [host, until] of this.current.serial) {
      if (until > now && until > (next.serial.get(host) ?? 0)) next.serial.set(host, until);
    }
    this.current = next;
    this.at = Date.now();
    return next;
  }

  /** Whether `host` runs one job at a time (its robots.txt sets a Crawl-delay). */
  serial(host: string, now = Date.now()): boolean {
    return (this.current.serial.get(host) ?? 0) > now;
  }

  /**
   * A job of `host` ended and its robots.txt asks for `gapMs` between requests: from now on the host runs
   * one job at a time, and the next starts no sooner than `gapMs` from now. Noted here at once (before
   * the job's slot goes to the next one) and in the store for every other worker.
   */
  async noteCrawlDelay(host: string, gapMs: number): Promise<void> {
    if (!host || !(gapMs > 0)) return;
    const until = Date.now() + gapMs;
    if (until > (this.current.cooledUntil.get(host) ?? 0)) this.current.cooledUntil.set(host, until);
    this.current.serial.set(host, until + SERIAL_MEMORY_MS);
    await this.db.execute(sql`
      INSERT INTO host_cooldowns (host, until, gap_ms) VALUES (${host}, now() + make_interval(secs => ${gapMs / 1000}), ${Math.round(gapMs)})
      ON CONFLICT (host) DO UPDATE SET until = greatest(host_cooldowns.until, excluded.until), gap_ms = excluded.gap_ms`);
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

/**
 * Drops cool-downs and Crawl-delay turns (host-turns.ts) an hour past: the tables only ever hold hosts
 * that asked to wait or set a Crawl-delay.
 */
export async function pruneCooldowns(db: Db): Promise<void> {
  await db.execute(sql`
    WITH turns AS (DELETE FROM host_turns WHERE last_turn < now() - interval '1 hour')
    DELETE FROM host_cooldowns WHERE until < now() - interval '1 hour'`);
}
