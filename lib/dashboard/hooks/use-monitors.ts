'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInfiniteQuery, useQuery } from './hydration-safe-query';
import type {
  CreateMonitorRequest,
  Monitor,
  MonitorChange,
  MonitorRun,
  UpdateMonitorRequest,
} from '@/lib/contract/monitors';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

// Monitors (the /v0.1/monitors extension): the list, one monitor, its runs and each run's changes.
// A monitor's page polls while a run is going, so a run's counts and changes appear when it is compared.

const enc = encodeURIComponent;

export interface Page<T> {
  items: T[];
  next_after: string | null;
}

const isOpen = (runs: MonitorRun[] | undefined) => Boolean(runs?.some((r) => !r.finished_at));

export function useMonitorList() {
  return useInfiniteQuery({
    queryKey: queryKeys.monitors.list(),
    queryFn: async ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ limit: '50' });
      if (pageParam) qs.set('after', pageParam);
      return (await apiFetch<Page<Monitor>>(upstream(`/v0.1/monitors?${qs}`), { signal })).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_after ?? undefined,
    // Next runs come due while the list is open.
    refetchInterval: 30_000,
  });
}

export function useMonitor(id: string) {
  return useQuery({
    queryKey: queryKeys.monitors.detail(id),
    queryFn: async () => (await apiFetch<Monitor>(upstream(`/v0.1/monitors/${enc(id)}`))).data,
    refetchInterval: 15_000,
  });
}

/** The newest runs (one page of 20): polled every 2 s while one is going, else every 15 s. */
export function useMonitorRuns(id: string) {
  return useQuery({
    queryKey: queryKeys.monitors.runs(id),
    queryFn: async () =>
      (await apiFetch<Page<MonitorRun>>(upstream(`/v0.1/monitors/${enc(id)}/runs?limit=20`))).data,
    refetchInterval: (q) => (isOpen(q.state.data?.items) ? 2000 : 15_000),
  });
}

export const CHANGES_PAGE = 50;

/**
 * A monitor's changes, a page at a time, oldest first: one run's (a first run of a big sheet lists
 * every row as new) or one row's across every run (its history).
 */
export function useChanges(
  monitorId: string,
  filter: { run_id: string } | { data_uuid: string },
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey:
      'run_id' in filter
        ? queryKeys.monitors.changes(monitorId, filter.run_id)
        : queryKeys.monitors.rowHistory(monitorId, filter.data_uuid),
    queryFn: async ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ ...filter, limit: String(CHANGES_PAGE) });
      if (pageParam) qs.set('after', pageParam);
      return (
        await apiFetch<Page<MonitorChange>>(upstream(`/v0.1/monitors/${enc(monitorId)}/changes?${qs}`), {
          signal,
        })
      ).data;
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_after ?? undefined,
    enabled,
    // A finished run's changes never change; a row's history grows only by later runs.
    staleTime: 'run_id' in filter ? Infinity : 0,
  });
}

function useInvalidateMonitor() {
  const qc = useQueryClient();
  return (id: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.monitors.detail(id) }),
      qc.invalidateQueries({ queryKey: queryKeys.monitors.runs(id) }),
      qc.invalidateQueries({ queryKey: queryKeys.monitors.list() }),
    ]);
}

export function useCreateMonitor() {
  const invalidate = useInvalidateMonitor();
  return useMutation({
    mutationFn: async (body: Partial<CreateMonitorRequest> & Pick<CreateMonitorRequest, 'task_id'>) =>
      (await apiFetch<Monitor>(upstream('/v0.1/monitors'), { method: 'POST', json: body })).data,
    onSuccess: (m) => invalidate(m.monitor_id),
  });
}

export function useUpdateMonitor(id: string) {
  const invalidate = useInvalidateMonitor();
  return useMutation({
    mutationFn: async (body: UpdateMonitorRequest) =>
      (await apiFetch<Monitor>(upstream(`/v0.1/monitors/${enc(id)}`), { method: 'PATCH', json: body })).data,
    onSuccess: () => invalidate(id),
  });
}

export function usePauseMonitor(id: string) {
  const invalidate = useInvalidateMonitor();
  return useMutation({
    mutationFn: async (paused: boolean) =>
      (
        await apiFetch<Monitor>(upstream(`/v0.1/monitors/${enc(id)}/${paused ? 'pause' : 'resume'}`), {
          method: 'POST',
        })
      ).data,
    onSuccess: () => invalidate(id),
  });
}

export function useRunMonitorNow(id: string) {
  const invalidate = useInvalidateMonitor();
  return useMutation({
    mutationFn: async () =>
      (
        await apiFetch<{ run_id: string; batch_id: string; rows: number }>(
          upstream(`/v0.1/monitors/${enc(id)}/run`),
          { method: 'POST' },
        )
      ).data,
    onSuccess: () => invalidate(id),
  });
}

export function useDeleteMonitor(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ monitor_id: string }>(upstream(`/v0.1/monitors/${enc(id)}`), { method: 'DELETE' }))
        .data,
    onSuccess: async () => {
      // Its queries would only answer 404 now.
      qc.removeQueries({ queryKey: queryKeys.monitors.detail(id) });
      qc.removeQueries({ queryKey: queryKeys.monitors.runs(id) });
      await qc.invalidateQueries({ queryKey: queryKeys.monitors.list() });
    },
  });
}
