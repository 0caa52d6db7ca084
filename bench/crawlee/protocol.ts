// Messages between the three-ways benchmark and its Crawlee research threads (thread-entry.ts).
import type { FetchedResponse } from '../../lib/engine/net/guarded-fetch';
import type { PreparedRun } from '../../lib/engine/tasks/build-research';

export type ToCrawleeThread =
  | {
      type: 'research';
      id: number;
      run: Pick<PreparedRun, 'url' | 'queries' | 'list'>;
      page: Omit<FetchedResponse, 'body'> & { body: Uint8Array };
    }
  | { type: 'count' };

export type FromCrawleeThread =
  { type: 'ready' } | { type: 'done'; id: number; ok: boolean } | { type: 'count'; extraFetches: number };
