import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { ResultRow } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { jobs, type batches } from '../db/schema';
import { toResultRow } from './result-row';
import { iterateHandedOut } from './handed-out';
import { overlayResultBlocks } from './result-blocks';

const PAGE = 1000;

type ResultsBatch = Pick<typeof batches.$inferSelect, 'id' | 'taskVersion' | 'nextOrd' | 'rowlessClaims'>;

/** Every result row of a batch in input order, read in keyset pages so memory stays flat at any size. */
export async function* iterateResultRows(db: Db, batch: ResultsBatch): AsyncGenerator<ResultRow> {
  if (batch.rowlessClaims) {
    // Rows handed out when the read began; as below, rows not yet handed out are not results.
    for await (const page of iterateHandedOut(db, batch, 0, PAGE, true)) {
      for (const job of page)
        if (job.state !== 'removed') yield toResultRow(job, batch.taskVersion) as ResultRow;
    }
    return;
  }
  let after = -1;
  for (;;) {
    const page = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.batchId, batch.id), gt(jobs.seq, after), ne(jobs.state, 'removed')))
      .orderBy(asc(jobs.seq))
      .limit(PAGE);
    await overlayResultBlocks(db, batch.id, page);
    for (const row of page) yield toResultRow(row, batch.taskVersion) as ResultRow;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.seq;
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
