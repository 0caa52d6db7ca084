'use client';
import { useQuery } from './hydration-safe-query';
import type { BatchDetail, BatchSummary } from '@/lib/contract/batches';
import type { BatchLinks, Comparison, EstimateResponse } from '@/lib/contract/batch-extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

export interface BatchListFilters {
  task_id?: string;
  status?: string;
}

export const PAGE_SIZE = 25;
const enc = encodeURIComponent;

export function isTerminal(b: Pick<BatchDetail, 'completed'> | undefined): boolean {
  return Boolean(b?.completed);
}

export function useBatchList(page: number, filters: BatchListFilters = {}) {
  return useQuery({
    queryKey: queryKeys.batches.list(page, filters),
    queryFn: async () => {
      const qs = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
      if (filters.task_id) qs.set('task_id', filters.task_id);
      if (filters.status) qs.set('status', filters.status);
      const { envelope } = await apiFetch<BatchSummary[]>(upstream(`/v0/batches?${qs}`));
      return { rows: envelope.data, pagination: envelope.pagination };
    },
    // List items carry no counts (spec 2.6); each row's progress comes from useBatch, which polls.
    placeholderData: (prev) => prev,
  });
}

/**
 * One batch with its counts. Polls every 2 s while it runs (a fallback when the events stream is not
 * available, and the list's progress bars) and stops at a terminal state.
 */
export function useBatch(id: string, opts: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.batches.detail(id),
    queryFn: async () => (await apiFetch<BatchDetail>(upstream(`/v0/batches/${enc(id)}`))).data,
    refetchInterval: (q) => (opts.poll === false || isTerminal(q.state.data) ? false : 2000),
    staleTime: 1000,
  });
}

export function useBatchLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.batches.links(id),
    queryFn: async () => (await apiFetch<BatchLinks>(upstream(`/v0.1/batches/${enc(id)}/links`))).data,
    enabled,
  });
}

export function useComparison(id: string, other: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.batches.compare(id, other ?? ''),
    queryFn: async () =>
      (
        await apiFetch<Comparison>(
          upstream(`/v0.1/batches/${enc(id)}/compare?with=${enc(other ?? '')}&limit=50`),
        )
      ).data,
    enabled: enabled && Boolean(other),
  });
}

/** When a batch of `rows` would finish; at a sample run's pace when its seconds per job are given. */
export function useEstimate(rows: number, enabled: boolean, jobSeconds?: number) {
  const pace = jobSeconds ? `&job_seconds=${jobSeconds}` : '';
  return useQuery({
    queryKey: queryKeys.batches.estimate(rows, jobSeconds),
    queryFn: async () =>
      (await apiFetch<EstimateResponse>(upstream(`/v0.1/batch-estimate?rows=${rows}${pace}`))).data,
    enabled: enabled && rows > 0,
    staleTime: 30_000,
  });
}
