import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { JobStop } from '../research/job-stop';
import { prepareRun } from '../tasks/build-research';
import { executeRun, failedOutcome, type JobOutcome, type Research } from '../tasks/execute';
import type { ClaimedJob } from './claim-types';

export interface ExecuteOptions {
  research: Research;
  loadDefinition(taskId: string, version: number): Promise<TaskDefinition>;
  allowPrivate: boolean;
  jobTimeoutMs: number;
}

/** Runs one claimed job's research; a job stopped at its deadline fails as transient (it may be retried). */
export async function executeJob(
  opts: ExecuteOptions,
  job: ClaimedJob,
  signal: JobStop,
): Promise<JobOutcome> {
  const def = await opts.loadDefinition(job.task_id, job.task_version);
  const prepared = prepareRun(def, job.inputs, opts.allowPrivate);
  if (!prepared.ok) return failedOutcome(prepared.message);
  try {
    return await executeRun(opts.research, prepared.run, false, signal);
  } catch (err) {
    if (signal.aborted) {
      return failedOutcome(`the job did not finish within ${Math.round(opts.jobTimeoutMs / 1000)} s`, true);
    }
    throw err;
  }
}
