import type { ResultRow } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import type { batches } from '../db/schema';
import { toResultRow } from './result-row';
import { iterateJobStates } from './job-states';

const PAGE = 1000;

type ResultsBatch = Pick<typeof batches.$inferSelect, 'id' | 'taskVersion' | 'nextOrd' | 'rowlessClaims'>;

/** Every result row of a batch in input order, read in pages so memory stays flat at any size. */
export async function* iterateResultRows(db: Db, batch: ResultsBatch): AsyncGenerator<ResultRow> {
  // A rowless batch's next page is read ahead: the store's thread reads it while this page is sent.
  for await (const page of iterateJobStates(db, batch, { page: PAGE, withoutRemoved: true, ahead: true })) {
    for (const job of page) yield toResultRow(job, batch.taskVersion);
  }
}

/** A web ReadableStream fed from an async generator of strings, with backpressure. */
export function streamFrom(gen: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await gen.next();
        if (done) controller.close();
        else controller.enqueue(enc.encode(value));
      } catch (err) {
        console.error('[quarry] result stream failed:', err);
        controller.error(err);
      }
    },
    async cancel() {
      await gen.return(undefined);
    },
  });
}

export async function* ndjsonLines(rows: AsyncGenerator<ResultRow>): AsyncGenerator<string> {
  let buf = '';
  for await (const row of rows) {
    buf += JSON.stringify(row) + '\n';
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/** A JSON array of rows, written incrementally. */
export async function* jsonArray(rows: AsyncGenerator<ResultRow>): AsyncGenerator<string> {
  let buf = '[';
  let first = true;
  for await (const row of rows) {
    buf += (first ? '' : ',') + JSON.stringify(row);
    first = false;
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  yield buf + ']';
}

/** The raw results envelope, written incrementally: `{"status":"success","data":{"data":[…]},…}`. */
export async function* rawEnvelope(
  rows: AsyncGenerator<ResultRow>,
  tail: { message: string; file: { file: string }; request_id?: string },
): AsyncGenerator<string> {
  yield '{"status":"success","data":{"data":[';
  let first = true;
  let buf = '';
  for await (const row of rows) {
    buf += (first ? '' : ',') + JSON.stringify(row);
    first = false;
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  const rest: Record<string, unknown> = { message: tail.message, file: tail.file };
  if (tail.request_id) rest.request_id = tail.request_id;
  yield buf + ']},' + JSON.stringify(rest).slice(1);
}
