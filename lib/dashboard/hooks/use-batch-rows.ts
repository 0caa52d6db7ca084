'use client';
import { useInfiniteQuery } from './hydration-safe-query';
import type { BatchRowsPage, RowStatus } from '@/lib/contract/batch-extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

export const ROWS_PAGE = 200;

/**
 * A batch's rows, a keyset page at a time: the virtualized table asks for the next page only when the
 * analyst scrolls near the end, so a 100k-row batch never loads whole.
 */
export function useBatchRows(id: string, status: RowStatus[] | null, enabled: boolean) {
  const key = status ? status.join(',') : 'all';
  return useInfiniteQuery({
    queryKey: queryKeys.batches.rows(id, key),
    queryFn: async ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ after: String(pageParam), limit: String(ROWS_PAGE) });
      if (status) qs.set('status', status.join(','));
      return (
        await apiFetch<BatchRowsPage>(upstream(`/v0.1/batches/${encodeURIComponent(id)}/rows?${qs}`), {
          signal,
        })
      ).data;
    },
    initialPageParam: -1,
    getNextPageParam: (last) => last.next_after ?? undefined,
    enabled,
  });
}
