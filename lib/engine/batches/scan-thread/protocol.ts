import type { TaskInput } from '@/lib/contract/task-definition';
import type { ColumnOptions } from '@/lib/ingest/types';
import type { ScanResult } from '../scan-rows';

// Messages between the main thread (client.ts) and the scan thread (worker-entry.ts). Several
// scans may run at once, told apart by id.

export interface ScanJob {
  path: string;
  filename: string;
  inputs: TaskInput[];
  /** The columns the upload named for the inputs and data_uuid (form fields `columns`, `uuid_column`). */
  options: ColumnOptions;
  /** Pack the good rows into encoded blocks and send them (create-batch), or only count (validate). */
  blocks: boolean;
  /** Follow a spool that is still being written: it is complete only once a `grow` says done. */
  live: boolean;
}

export type ToWorker =
  | { type: 'scan'; id: number; job: ScanJob }
  | { type: 'grow'; id: number; written: number; done: boolean }
  /** The upload failed (or the caller stopped): stop reading and answer with an error. */
  | { type: 'fail'; id: number; message: string }
  /** The main thread has taken one `blocks` message: the thread may send another. */
  | { type: 'ack'; id: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'blocks'; id: number; firstBlock: number; blocks: string[] }
  | { type: 'done'; id: number; result: ScanResult }
  /** `fileStatus` is set for a problem with the whole file (IngestFileError). */
  | { type: 'error'; id: number; message: string; fileStatus?: 400 | 413 | 415 };
