import { crossStartFlag, withdrawStartFlag, type JobStop } from '../research/job-stop';
import type { ClaimedJob } from './claim-types';
import type { JobStore, StoppedJob } from './job-store';

/**
 * A job a worker runs. `phase`: waiting (claimed, its research not yet at its first page request: a
 * Crawl-delay turn, a cool-down), crossing (the store is asked, start-gate.ts), fetching (running), or
 * withdrawn (its batch was cancelled before it fetched: it ends without a request or a result).
 */
export interface InFlight {
  /** Its claim statement's outcome, which may still be on its way (an early start). */
  claimed: Promise<boolean>;
  /** When it started (epoch ms). */
  startedAt: number;
  stop: JobStop;
  phase: 'waiting' | 'crossing' | 'fetching' | 'withdrawn';
  /** The store's answer while crossing. */
  crossing: Promise<boolean> | null;
  /** Its batch was cancelled while it fetched: stopped past the grace, it fails and is not retried. */
  cancelled: boolean;
}

/** A job that starts now, waiting for its first page request. */
export function newInFlight(claimed: Promise<boolean>, startedAt: number, stop: JobStop): InFlight {
  return { claimed, startedAt, stop, phase: 'waiting', crossing: null, cancelled: false };
}

/**
 * The job's first page request is about to start (JobStop.gate): from now on it runs, if the store
 * agrees (JobStore.markFetching). False: its batch was cancelled meanwhile, and `drop` takes it out
 * unread. Asked again, it gives the same answer.
 */
export function crossGate(
  jobs: JobStore,
  workerId: string,
  job: ClaimedJob,
  rec: InFlight,
  drop: () => void,
): boolean | Promise<boolean> {
  if (rec.phase === 'fetching') return true;
  if (rec.phase === 'withdrawn') return false;
  if (rec.crossing) return rec.crossing;
  // A shared gate its thread may have crossed already; withdrawn there, the worker's drop is done.
  const flag = rec.stop.startFlag;
  if (flag && !crossStartFlag(flag)) return false;
  rec.phase = 'crossing';
  const settle = (ok: boolean): boolean => {
    if (rec.phase !== 'crossing') return rec.phase === 'fetching';
    if (ok) rec.phase = 'fetching';
    else drop();
    return ok;
  };
  const answer = jobs.markFetching(workerId, job);
  if (typeof answer === 'boolean') return settle(answer);
  rec.crossing = answer.then(settle, () => settle(false));
  return rec.crossing;
}

/**
 * Whether a job still waits for its first page request, and is withdrawn by this call (its batch is
 * cancelled, or its worker stops). False if it fetches: where its thread crossed a shared start gate
 * unseen (JobStop.startFlag), it is marked fetching here.
 */
export function withdrawWaiting(jobs: JobStore, workerId: string, job: ClaimedJob, rec: InFlight): boolean {
  if (rec.phase !== 'waiting') return false;
  const flag = rec.stop.startFlag;
  if (!flag || withdrawStartFlag(flag)) return true;
  void crossGate(jobs, workerId, job, rec, () => undefined);
  return false;
}

/**
 * Worker.stop(): the jobs still in flight go back to the queue. Those that fetched run again from the
 * start, their attempt counted; those that never sent a request go back as if never claimed.
 */
export async function releaseInFlight(
  jobs: JobStore,
  workerId: string,
  inFlight: Map<ClaimedJob, InFlight>,
): Promise<void> {
  if (inFlight.size === 0) return;
  const stopped: StoppedJob[] = [];
  const unstarted: ClaimedJob[] = [];
  for (const [job, rec] of inFlight) {
    if (!(await rec.claimed)) continue;
    if (withdrawWaiting(jobs, workerId, job, rec)) unstarted.push(job);
    else stopped.push({ job, startedAt: rec.startedAt });
    jobs.ended(job.batch_id, job.seq);
  }
  inFlight.clear();
  await jobs.releaseUnstarted(workerId, unstarted);
  await jobs.releaseStopped(workerId, stopped);
}
