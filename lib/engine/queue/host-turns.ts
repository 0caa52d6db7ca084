import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { HostPacer, hostOf, sleep, type RemoteTurns } from '../net/host-pacer';

/**
 * Turns at Crawl-delay hosts booked in the store (host_turns), so the delay holds between page requests
 * of every process on one PostgreSQL, first jobs included. Only such hosts take turns, at most one request
 * per delay, so a statement per page request costs nothing that matters. A turn further away than the
 * caller's `maxWaitMs` is not booked. If the store cannot be reached the process keeps its own schedule.
 */
export function storeTurns(db: Db): RemoteTurns {
  const local = new HostPacer(0);
  return async (url, gapMs, maxWaitMs, signal) => {
    const host = hostOf(url);
    if (!host) return true;
    const token = randomUUID();
    const gap = sql`make_interval(secs => ${gapMs / 1000}::float8)`;
    const next = sql`greatest(t.last_turn + ${gap}, now())`;
    const fits = sql`${next} <= now() + make_interval(secs => ${maxWaitMs / 1000}::float8)`;
    let row: { ok: boolean; wait_ms: number } | undefined;
    try {
      [row] = await queryRows<{ ok: boolean; wait_ms: number }>(
        db,
        sql`INSERT INTO host_turns AS t (host, last_turn, turn) VALUES (${host}, now(), ${token})
            ON CONFLICT (host) DO UPDATE SET
              last_turn = CASE WHEN ${fits} THEN ${next} ELSE t.last_turn END,
              turn = CASE WHEN ${fits} THEN excluded.turn ELSE t.turn END
            RETURNING t.turn = ${token} AS ok, (extract(epoch FROM t.last_turn - now()) * 1000)::float8 AS wait_ms`,
      );
    } catch (err) {
      console.error(
        '[quarry] booking a crawl-delay turn failed, pacing in this process:',
        (err as Error).message,
      );
      return local.turn(url, gapMs, maxWaitMs, signal);
    }
    if (!row?.ok) return false;
    if (row.wait_ms > 0) {
      try {
        await sleep(row.wait_ms, signal);
      } catch (err) {
        // Aborted before its turn: give it back, unless someone has booked after it (then `turn` is
        // theirs and their wait already counts from this one).
        await db
          .execute(
            sql`UPDATE host_turns SET last_turn = last_turn - ${gap}, turn = '' WHERE host = ${host} AND turn = ${token}`,
          )
          .catch(() => undefined);
        throw err;
      }
    }
    return true;
  };
}
