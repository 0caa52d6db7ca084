import { sql, type SQL } from 'drizzle-orm';

/**
 * "This job is still running under `workerId`", for statements that finish, retry, renew or put back
 * jobs by id. `locked_by` alone says it: it is set only together with state 'running' (claims, the
 * reaper's own re-lease) and cleared by every step that ends a job or puts it back, so a job whose
 * lease was lost and re-queued, or that another worker now holds, does not match.
 *
 * Not `state = 'running'` as well: that condition lets the planner use the partial running-jobs
 * index, which on the embedded store (no autovacuum; VACUUM every ten minutes) keeps an entry for
 * every job since the last VACUUM. Completion statements then read all of them (2.8 ms per statement
 * after 100,000 jobs), and with the estimates that index gives, the planner switched between a hash
 * join and a nested loop that unnests the group's arrays again for every job row (110 rows: ~16 ms
 * instead of ~4). Over 100,000 jobs a completion cost 108 µs per job; without it, the planner takes
 * the group by primary key (in a small table, one scan and a hash join): a steady ~52 µs.
 */
export function heldBy(workerId: string): SQL {
  // Unqualified: in statements that join jobs to unnested values, only jobs has a locked_by column.
  return sql`locked_by = ${workerId}`;
}
