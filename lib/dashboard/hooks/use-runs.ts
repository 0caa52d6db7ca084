'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DynamicRunRequest, JobResult, V0DynamicResult } from '@/lib/contract/tasks';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

export interface RunRequest {
  inputs: string[];
  version?: number;
  /** Quick test (one input, the /test endpoint) or a single job run. */
  mode: 'test' | 'run';
}

/** Runs a stored task once; the run count changes, so the task's detail and the list refresh. */
export function useRunTask(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (r: RunRequest) => {
      const base = upstream(`/v0.1/tasks/${encodeURIComponent(id)}`);
      const started = performance.now();
      const { data } =
        r.mode === 'test'
          ? await apiFetch<JobResult>(`${base}/test`, {
              method: 'POST',
              json: { input: r.inputs[0] ?? '', task_version: r.version },
            })
          : await apiFetch<JobResult>(base, {
              method: 'POST',
              json: { inputs: r.inputs, task_version: r.version },
            });
      return { result: data, roundTripMs: Math.round(performance.now() - started) };
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.tasks.detail(id) }),
        qc.invalidateQueries({ queryKey: queryKeys.tasks.list() }),
      ]),
  });
}

export type DynamicRunResult =
  { shape: 'v0.1'; result: JobResult } | { shape: 'v0'; result: V0DynamicResult };

export function useDynamicRun() {
  return useMutation({
    mutationFn: async ({
      body,
      shape,
    }: {
      body: DynamicRunRequest;
      shape: 'v0' | 'v0.1';
    }): Promise<DynamicRunResult> => {
      if (shape === 'v0') {
        const { data } = await apiFetch<V0DynamicResult>(upstream('/v0/tasks'), {
          method: 'POST',
          json: body,
        });
        return { shape, result: data };
      }
      const { data } = await apiFetch<JobResult>(upstream('/v0.1/tasks'), { method: 'POST', json: body });
      return { shape, result: data };
    },
  });
}
