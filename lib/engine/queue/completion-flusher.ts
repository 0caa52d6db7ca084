import type { Db } from '../db/client';
import { enqueueDueCompletionWebhooks } from '../webhooks/enqueue-due';
import type { Completion, FinishedBatch } from './complete';
import type { JobStore } from './job-store';

// A completion group holds at most this many results: past it, it is written at once.
const FLUSH_MAX = 256;

export interface FlusherOptions {
  db: Db;
  jobs: JobStore;
  workerId: string;
  /** How long a result waits for others to share its statement (JobStore.flushDelayMs unless set). */
  delayMs: number;
  /** Whether the worker has nothing running or ready: no other result is coming to share the group. */
  idle(): boolean;
  /** After a group is written (its finished batches' webhook deliveries are enqueued by then). */
  written(finished: FinishedBatch[], items: Completion[]): void;
}

/**
 * Group commit of results: each finished job's completion waits up to `delayMs` for others to share
 * its statement (the store's cost per statement is mostly fixed), and groups are written one at a time.
 */
export class CompletionFlusher {
  private buffer: Completion[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly opts: FlusherOptions) {}

  add(c: Completion): void {
    this.buffer.push(c);
    // Nothing running or ready (the end of a batch, or a lone job): no other result is coming to
    // share the statement, and waiting would only delay the batch's completion by up to the delay.
    if (this.buffer.length >= FLUSH_MAX || this.opts.idle()) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.opts.delayMs);
  }

  /** Flushes run one at a time; a failed flush puts its items back and is retried. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(async () => {
      const items = this.buffer;
      this.buffer = [];
      if (items.length === 0) return;
      try {
        this.opts.written(await this.write(items), items);
      } catch (err) {
        console.error('[quarry] writing results failed, will retry:', (err as Error).message);
        this.buffer = items.concat(this.buffer);
        if (!this.timer) this.timer = setTimeout(() => void this.flush(), 1000);
      }
    });
    return this.flushing;
  }

  private async write(items: Completion[]): Promise<FinishedBatch[]> {
    const finished = await this.opts.jobs.complete(this.opts.workerId, items);
    const withHook = finished.filter((b) => b.webhook_url).map((b) => b.id);
    if (withHook.length) await enqueueDueCompletionWebhooks(this.opts.db, withHook);
    return finished;
  }
}
