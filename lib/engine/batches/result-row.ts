import type { ResultRow } from '@/lib/contract/batches';
import { jobs } from '../db/schema';

// One job as a result row (docs/interface-decisions.md, "Result rows"): the columns it is read from and
// the builder. Batches' readers (results, rows, handed-out) and the webhook payload all use it, so it
// lives below both.

/** The job columns a result row is made from; select just these to keep big reads light. */
export const resultColumns = {
  jobId: jobs.jobId,
  dataUuid: jobs.dataUuid,
  inputs: jobs.inputs,
  state: jobs.state,
  result: jobs.result,
  errorDetected: jobs.errorDetected,
  error: jobs.error,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
};

export type ResultJobRow = Pick<
  typeof jobs.$inferSelect,
  | 'jobId'
  | 'dataUuid'
  | 'inputs'
  | 'state'
  | 'result'
  | 'errorDetected'
  | 'error'
  | 'startedAt'
  | 'finishedAt'
>;

type StoredResult = {
  data_json?: unknown;
  list_data_json?: unknown;
  list?: unknown;
  data_sources?: unknown;
  error?: unknown;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Formats dates exactly as toISOString does, for a column of result rows. toISOString costs ~0.7 µs
 * and a result row has two dates; one column's dates mostly fall in the same second as the row
 * before (jobs start moments apart; a result block's rows share their finish time), so the text up
 * to the second is kept and only the milliseconds are written. One formatter per column, so the two
 * columns do not displace each other.
 */
export function isoFormatter(): (d: Date | null | undefined) => string | null {
  let second = NaN;
  let head = '';
  return (d) => {
    if (!d) return null;
    const ms = d.getTime();
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      const iso = d.toISOString(); // throws for an invalid date, as before
      head = iso.slice(0, -4); // "…:ss." without "sssZ"
      second = s;
    }
    const frac = ms - s * 1000;
    return `${head}${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z`;
  };
}
const startedIso = isoFormatter();
const finishedIso = isoFormatter();

/**
 * One job as a result row (docs/interface-decisions.md, "Result rows"). `result` is the stored JobOutcome; a job that has
 * not finished (or was written by older code) has none, so every field falls back to null/false.
 */
export function toResultRow(job: ResultJobRow, taskVersion: number): ResultRow {
  const r: StoredResult = isObject(job.result) ? job.result : {};
  const error = job.error ?? (typeof r.error === 'string' ? r.error : null);
  return {
    data_uuid: job.dataUuid,
    inputs: job.inputs,
    data_json: isObject(r.data_json) ? r.data_json : null,
    list_data_json: Array.isArray(r.list_data_json) ? (r.list_data_json as Record<string, unknown>[]) : null,
    list: r.list === true,
    job_id: job.jobId,
    error_detected: job.errorDetected,
    error,
    status: job.state as ResultRow['status'],
    task_version: taskVersion,
    started_at: startedIso(job.startedAt),
    finished_at: finishedIso(job.finishedAt),
    data_sources: isObject(r.data_sources) ? r.data_sources : null,
  };
}
