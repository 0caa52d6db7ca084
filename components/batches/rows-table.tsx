'use client';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronRight, Rows3 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BatchRow, RowCounts, RowStatus } from '@/lib/contract/batch-extensions';
import type { TaskDetail } from '@/lib/contract/tasks';
import { cn } from '@/lib/dashboard/cn';
import { useBatchRows } from '@/lib/dashboard/hooks/use-batch-rows';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { AnswerCell } from './answer-cell';
import { RowDetails } from './row-details';

// Every row of the batch, virtualized: only the rows in view are in the DOM, and pages of 200 are
// fetched as the analyst scrolls near the end of what is loaded, so 100k rows stay smooth. A row
// opens in place to show every answer with its source; the virtualizer measures the rows it draws,
// so an open row takes the room it needs and the closed ones keep their fixed height.

// One filter per count of the progress card, with the same names, so the two read alike.
type Filter = 'all' | RowStatus;
const FILTERS: { id: Filter; label: string; status: RowStatus[] | null }[] = [
  { id: 'all', label: 'All', status: null },
  { id: 'succeeded', label: 'Succeeded', status: ['succeeded'] },
  { id: 'failed', label: 'Failed', status: ['failed'] },
  { id: 'running', label: 'Running', status: ['running'] },
  { id: 'pending', label: 'Pending', status: ['pending'] },
  { id: 'removed', label: 'Removed', status: ['removed'] },
];
// While the batch runs, the loaded rows are read again when the card's counts move, at most this often:
// a refresh re-reads every loaded page, and a fast batch moves its counts every second.
const LIVE_REFRESH_MS = 1500;
const ROW_H = 40;
const OPEN_ESTIMATE = 360;
const TONE: Record<RowStatus, 'success' | 'danger' | 'neutral' | 'brand'> = {
  succeeded: 'success',
  failed: 'danger',
  removed: 'neutral',
  pending: 'neutral',
  running: 'brand',
};

export function RowsTable({
  batchId,
  task,
  live,
  counts: cardCounts,
}: {
  batchId: string;
  task: TaskDetail | undefined;
  live: boolean;
  /** The progress card's counts (its event stream or polling): the filters show these, so both agree. */
  counts: RowCounts | null;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const status = FILTERS.find((f) => f.id === filter)!.status;
  const q = useBatchRows(batchId, status, true);
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.rows) ?? [], [q.data]);
  const counts = cardCounts ?? q.data?.pages[0]?.counts;
  useLiveRefresh(live, counts, q.refetch, q.isFetching);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const allOutputs = (task?.outputs ?? []).map((o) => o.name);
  const outputs = allOutputs.slice(0, 4);
  const inputName = task?.inputs[0]?.name ?? 'input';
  const scroller = useRef<HTMLDivElement>(null);
  // Sizes are cached by row, not by position, so an open row keeps its height when a filter or a new
  // page shifts positions. Stable between renders: a new function makes the virtualizer re-lay out
  // every loaded row.
  const rowKey = useCallback((i: number) => rows[i]?.seq ?? i, [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in this render only
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (open.has(rows[i]?.seq ?? -1) ? OPEN_ESTIMATE : ROW_H),
    getItemKey: rowKey,
    overscan: 10,
  });
  const items = v.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  const toggle = (seq: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(seq)) next.add(seq);
      return next;
    });
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 40) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Fixed column widths: header and (absolutely positioned) rows must line up whatever their content.
  const widths = [64, 140, 300, 112, ...outputs.map(() => 200), 360];
  const cols = widths.map((w) => `${w}px`).join(' ');
  const rowWidth = widths.reduce((a, b) => a + b, 0);
  const headers = ['#', 'data_uuid', inputName, 'Status', ...outputs, 'Error'];
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Filter rows" className="flex flex-wrap gap-1">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
            className={cn(
              'rounded-md px-2.5 py-1 text-sm font-medium',
              filter === f.id
                ? 'bg-brand-600 text-white'
                : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {f.label}
            {counts && f.id !== 'all' && (
              <span className="ml-1 tabular-nums opacity-80">{counts[f.id].toLocaleString()}</span>
            )}
          </button>
        ))}
        {live && (
          <span
            className="ml-auto flex items-center gap-1.5 self-center text-xs text-slate-600 dark:text-slate-400"
            data-testid="rows-live"
          >
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-emerald-500" /> Updating live
          </span>
        )}
      </div>
      {q.isPending ? (
        <TableSkeleton label="Loading rows" />
      ) : q.error ? (
        <ErrorPanel error={q.error} onRetry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={Rows3} title="No rows here">
          No row of this batch has this status.
        </EmptyState>
      ) : (
        <div
          ref={scroller}
          role="table"
          aria-label="Batch rows"
          aria-rowcount={status ? -1 : (counts?.total ?? rows.length) + 1}
          tabIndex={0}
          className="@container h-[28rem] overflow-auto rounded border border-slate-200 text-sm dark:border-slate-800"
          data-testid="rows-scroller"
        >
          <div role="rowgroup" className="sticky top-0 z-10">
            <div role="row" className="grid" style={{ gridTemplateColumns: cols, width: rowWidth }}>
              {headers.map((h) => (
                <div
                  key={h}
                  role="columnheader"
                  className="truncate border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
                >
                  {h}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" style={{ height: v.getTotalSize(), position: 'relative', width: rowWidth }}>
            {items.map((it) => {
              const r = rows[it.index]!;
              const isOpen = open.has(r.seq);
              const detailsId = `row-details-${r.seq}`;
              return (
                <div
                  key={r.seq}
                  ref={v.measureElement}
                  data-index={it.index}
                  className="absolute top-0 left-0"
                  style={{ transform: `translateY(${it.start}px)`, width: rowWidth }}
                >
                  <div
                    role="row"
                    aria-rowindex={it.index + 2}
                    data-testid="batch-row"
                    className={cn(
                      'grid border-b border-slate-100 dark:border-slate-800/70',
                      isOpen && 'bg-slate-50 dark:bg-slate-800/40',
                    )}
                    style={{ gridTemplateColumns: cols, height: ROW_H }}
                  >
                    <div role="cell" className="flex items-center gap-1 px-1.5">
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? detailsId : undefined}
                        aria-label={`Details of row ${r.row_number ?? r.seq + 1}`}
                        onClick={() => toggle(r.seq)}
                        className="rounded p-0.5 text-slate-600 hover:bg-slate-200 dark:text-slate-400 dark:hover:bg-slate-700"
                      >
                        <ChevronRight
                          aria-hidden
                          className={cn('size-4 transition-transform', isOpen && 'rotate-90')}
                        />
                      </button>
                      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">
                        {r.row_number ?? r.seq + 1}
                      </span>
                    </div>
                    <Cell className="font-mono text-xs">{r.data_uuid}</Cell>
                    <Cell title={r.inputs.join(' · ')}>{r.inputs[0] ?? ''}</Cell>
                    <Cell>
                      <Badge tone={TONE[r.status]}>{r.status}</Badge>
                    </Cell>
                    {outputs.map((o) => (
                      <AnswerCell key={o} row={r} field={o} />
                    ))}
                    <Cell className="text-red-800 dark:text-red-200" title={r.error ?? undefined}>
                      {r.error ?? ''}
                    </Cell>
                  </div>
                  {isOpen && (
                    <div
                      role="row"
                      className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60"
                    >
                      {/* As wide as the visible part of the table, and kept in view when it scrolls sideways. */}
                      <div
                        role="cell"
                        id={detailsId}
                        aria-colspan={headers.length}
                        className="sticky left-0"
                        style={{ width: `min(100cqw, ${rowWidth}px)` }}
                      >
                        <RowDetails row={r} fields={allOutputs} />
                      </div>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {rows.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="rows-loaded">
          {rows.length.toLocaleString()} rows loaded{q.hasNextPage ? ' · more load as you scroll' : ''}
        </p>
      )}
    </div>
  );
}

/** Re-reads the loaded rows when the counts move while the batch runs, throttled (LIVE_REFRESH_MS). */
function useLiveRefresh(
  live: boolean,
  counts: RowCounts | undefined,
  refetch: () => Promise<unknown>,
  fetching: boolean,
) {
  const signature = counts ? Object.values(counts).join(',') : '';
  const last = useRef({ signature, at: 0 });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!live || fetching || signature === last.current.signature) return;
    const wait = last.current.at + LIVE_REFRESH_MS - performance.now();
    if (wait > 0) {
      // Too soon after the last refresh: come back when it is due (a later change re-arms it).
      const t = setTimeout(() => setTick((n) => n + 1), wait);
      return () => clearTimeout(t);
    }
    last.current = { signature, at: performance.now() };
    void refetch();
  }, [live, fetching, signature, refetch, tick]);
}

function Cell({
  className,
  children,
  title,
}: {
  className?: string;
  children: React.ReactNode;
  title?: string;
}) {
  return (
    <div
      role="cell"
      title={title}
      className={cn('flex min-w-0 items-center overflow-hidden px-3', className)}
    >
      <span className="min-w-0 truncate">{children}</span>
    </div>
  );
}
