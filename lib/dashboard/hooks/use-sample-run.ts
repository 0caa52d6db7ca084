'use client';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../api-error';
import { sampleKey, type SampleOutcome } from '../sample-pace';
import { useRunTask } from './use-runs';

// Sample-run answers outlive the wizard step that shows them: re-mapping columns or dropping the same
// file again re-validates it and re-mounts the step, and the analyst should not pay for the same rows
// twice. They are kept for this page's life per task and version, and found again by the rows' inputs.

type Outcomes = ReadonlyMap<string, SampleOutcome>;
const kept = new Map<string, Outcomes>();
const listeners = new Set<() => void>();
const EMPTY: Outcomes = new Map();

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function put(scope: string, outcome: SampleOutcome) {
  const next = new Map(kept.get(scope) ?? EMPTY);
  next.set(sampleKey(outcome.inputs), outcome);
  kept.set(scope, next);
  for (const fn of listeners) fn();
}

/** The kept outcomes of a task version's sample rows, and a runner that adds to them one row at a time. */
export function useSampleRun(taskId: string, version: number | undefined) {
  const scope = `${taskId}@${version ?? 'live'}`;
  const outcomes = useSyncExternalStore(
    subscribe,
    () => kept.get(scope) ?? EMPTY,
    () => EMPTY,
  );
  const { mutateAsync } = useRunTask(taskId);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (rows: string[][]) => {
      setRunning(true);
      // One at a time: a sample should not take the slots of batches already running.
      for (const inputs of rows) {
        try {
          const { result, roundTripMs } = await mutateAsync({ inputs, version, mode: 'run' });
          put(scope, { inputs, result, roundTripMs });
        } catch (err) {
          put(scope, { inputs, error: errorMessage(err) });
        }
      }
      setRunning(false);
    },
    [mutateAsync, scope, version],
  );
  return { outcomes, run, running };
}
