'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import type { BatchProgressEvent, RowCounts } from '@/lib/contract/batch-extensions';
import { upstream } from '../api-fetch';
import { queryKeys } from '../query-keys';
import { useBatch, isTerminal } from './use-batches';

export interface ProgressSample {
  t: number;
  done: number;
}

export interface BatchProgress {
  batch: BatchDetail | undefined;
  counts: RowCounts | null;
  rowsPerMinute: number | null;
  /** Seconds until the remaining rows finish at the current rate; null when unknown. */
  secondsLeft: number | null;
  samples: ProgressSample[];
  source: 'events' | 'polling';
  error: unknown;
  refetch: () => void;
}

const MAX_SAMPLES = 600;

function countsFrom(b: BatchDetail): RowCounts {
  const added = b.jobs_added ?? b.jobs_submitted;
  const removed = b.jobs_removed ?? 0;
  const failed = b.jobs_failed ?? 0;
  const left = Math.max(0, added - removed - b.jobs_completed);
  return {
    total: added,
    succeeded: b.jobs_completed - failed,
    failed,
    removed,
    // The spec's counters cannot tell claimed from waiting rows; the events stream can.
    running: 0,
    pending: left,
  };
}

/**
 * Live progress of one batch: the engine's Server-Sent Events when the upstream offers them, else
 * polling of get-batch. Both stop at a terminal state. Events also refresh the cached batch detail, so
 * every component showing it agrees.
 */
export function useBatchProgress(id: string, hasEvents: boolean): BatchProgress {
  const qc = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const [live, setLive] = useState<BatchProgressEvent | null>(null);
  const [samples, setSamples] = useState<ProgressSample[]>([]);
  const failed = useRef(false);
  const batchQuery = useBatch(id, { poll: !streaming });
  const batch = batchQuery.data;
  const terminal = isTerminal(batch);

  useEffect(() => {
    if (!hasEvents || terminal || failed.current || typeof EventSource === 'undefined') return;
    const es = new EventSource(upstream(`/v0.1/batches/${encodeURIComponent(id)}/events`));
    es.addEventListener('open', () => setStreaming(true));
    es.addEventListener('progress', (e) => {
      const ev = JSON.parse((e as MessageEvent<string>).data) as BatchProgressEvent;
      setLive(ev);
      qc.setQueryData<BatchDetail>(queryKeys.batches.detail(id), (b) =>
        b
          ? {
              ...b,
              job_status: ev.job_status as BatchDetail['job_status'],
              completed: ev.completed,
              cancelled: ev.cancelled,
              jobs_completed: ev.counts.succeeded + ev.counts.failed,
              jobs_failed: ev.counts.failed,
              jobs_removed: ev.counts.removed,
            }
          : b,
      );
      if (ev.completed) {
        es.close();
        setStreaming(false);
        // One last read for fields the events do not carry (finished_at).
        void qc.invalidateQueries({ queryKey: queryKeys.batches.detail(id) });
        void qc.invalidateQueries({ queryKey: [...queryKeys.batches.all, 'rows', id] });
      }
    });
    es.addEventListener('error', () => {
      // A proxy that buffers or drops the stream: fall back to polling for the rest of this page.
      if (es.readyState === EventSource.CLOSED) {
        failed.current = true;
        setStreaming(false);
      }
    });
    return () => {
      es.close();
      setStreaming(false);
    };
  }, [id, hasEvents, terminal, qc]);

  // Samples for the chart and the polling rate: taken from the query cache, which both the events
  // (setQueryData) and polling update, so either source feeds the same series.
  useEffect(() => {
    const key = JSON.stringify(queryKeys.batches.detail(id));
    return qc.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || JSON.stringify(e.query.queryKey) !== key) return;
      const b = e.query.state.data as BatchDetail | undefined;
      if (!b) return;
      const done = b.jobs_completed;
      setSamples((s) => {
        const last = s[s.length - 1];
        if (last && last.done === done) return s;
        const next = [...s, { t: Date.now(), done }];
        return next.length > MAX_SAMPLES ? next.slice(-MAX_SAMPLES) : next;
      });
    });
  }, [id, qc]);

  const counts = live?.counts ?? (batch ? countsFrom(batch) : null);
  const rowsPerMinute = live?.rows_per_minute ?? rateFrom(samples);
  const remaining = counts ? counts.pending + counts.running : 0;
  const secondsLeft =
    terminal || !rowsPerMinute || rowsPerMinute <= 0 ? null : Math.round((remaining / rowsPerMinute) * 60);
  return {
    batch,
    counts,
    rowsPerMinute: terminal ? averageRate(batch) : rowsPerMinute,
    secondsLeft,
    samples,
    source: streaming ? 'events' : 'polling',
    error: batchQuery.error,
    refetch: () => void batchQuery.refetch(),
  };
}

function rateFrom(samples: ProgressSample[]): number | null {
  if (samples.length < 2) return null;
  const last = samples[samples.length - 1]!;
  const first = samples.find((s) => last.t - s.t <= 60_000) ?? samples[0]!;
  const span = last.t - first.t;
  return span >= 1000 ? Math.round(((last.done - first.done) / span) * 600_000) / 10 : null;
}

/** For a finished batch: its rows over its whole run, from created to finished. */
function averageRate(b: BatchDetail | undefined): number | null {
  if (!b?.finished_at) return null;
  const ms = new Date(b.finished_at).getTime() - new Date(b.created_at).getTime();
  return ms > 0 ? Math.round((b.jobs_completed / ms) * 600_000) / 10 : null;
}
