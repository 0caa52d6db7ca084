'use client';
import { useQuery } from './hydration-safe-query';
import type { WebhookDelivery } from '@/lib/contract/batch-extensions';
import { apiFetch, upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';

const SETTLED = new Set(['delivered', 'failed']);

/** The delivery log; refreshes every 2 s while a delivery is still pending or being sent. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.batches.deliveries(id),
    queryFn: async () =>
      (
        await apiFetch<WebhookDelivery[]>(
          upstream(`/v0.1/batches/${encodeURIComponent(id)}/webhook-deliveries`),
        )
      ).data,
    enabled,
    refetchInterval: (q) => (q.state.data?.some((d) => !SETTLED.has(d.state)) ? 2000 : false),
  });
}
