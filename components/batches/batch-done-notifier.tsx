'use client';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import { apiFetch, upstream } from '@/lib/dashboard/api-fetch';
import { queryKeys } from '@/lib/dashboard/query-keys';
import { isNotifyEnabled, unwatchBatch, watchedBatches } from '@/lib/dashboard/watched-batches';
import { useToast } from '@/components/ui/toast';

// Mounted once in the app shell: follows the batches this browser launched (or asked to be told
// about) on every page, and when one finishes shows a toast and, if opted in, a browser notification.
// Shares the batch detail query (same key) with the batch page, so no extra polling when it is open.

export function BatchDoneNotifier() {
  const [ids, setIds] = useState<string[]>([]);
  const toast = useToast();
  const told = useRef(new Set<string>());
  useEffect(() => {
    const refresh = () => setIds(watchedBatches());
    refresh();
    const t = setInterval(refresh, 5000);
    return () => clearInterval(t);
  }, []);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.batches.detail(id),
      queryFn: async () =>
        (await apiFetch<BatchDetail>(upstream(`/v0/batches/${encodeURIComponent(id)}`))).data,
      refetchInterval: (q: { state: { data?: BatchDetail } }) => (q.state.data?.completed ? false : 5000),
      retry: false,
    })),
  });
  useEffect(() => {
    results.forEach((r, i) => {
      const id = ids[i];
      if (!id) return;
      if (r.error) unwatchBatch(id);
      const b = r.data;
      if (!b?.completed || told.current.has(id)) return;
      told.current.add(id);
      unwatchBatch(id);
      const what = b.cancelled
        ? `cancelled; ${b.jobs_removed ?? 0} rows removed`
        : `${b.jobs_completed - (b.jobs_failed ?? 0)} succeeded, ${b.jobs_failed ?? 0} failed`;
      toast({ tone: 'success', title: `Batch finished: ${b.batch_name || b.batch_id}`, description: what });
      if (isNotifyEnabled() && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        new Notification('Quarry batch finished', {
          body: `${b.batch_name || b.batch_id}: ${what}`,
          tag: b.batch_id,
        });
      }
    });
  }, [results, ids, toast]);
  return null;
}
