'use client';
import { useQuery } from '@tanstack/react-query';
import type { BatchSummary } from '@/lib/contract/batches';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

export function useBatchList(page: number) {
  return useQuery({
    queryKey: queryKeys.batches.list(page),
    queryFn: async () => {
      const { envelope } = await apiFetch<BatchSummary[]>(upstream(`/v0/batches?page=${page}&page_size=50`));
      return { rows: envelope.data, pagination: envelope.pagination };
    },
  });
}
