import { Transform, type TransformCallback } from 'node:stream';
import { IngestFileError } from './types';
import { formatMegabytes, type PartLimit } from './xlsx-part-limits';

// A zip bomb is a small upload whose parts inflate to gigabytes: the XLSX reader spools sheets to
// disk and keeps the shared strings in memory, so it would fill either. Like Apache POI's
// ZipSecureFile, the reader refuses a workbook whose parts inflate to more than 100 times the bytes
// of the upload read so far, or to more than 4 GiB in all. Real workbooks inflate 5-20 times.
// On top, each kind of part has an absolute cap (xlsx-part-limits.ts) for what is held in memory.

const MAX_RATIO = 100;
/** Slack for the first parts of a small file, whose ratio says nothing yet. */
const SLACK_BYTES = 16 << 20;
const MAX_INFLATED_BYTES = 4 * 1024 ** 3;

export class InflateBudget {
  private compressed = 0;
  private inflated = 0;
  private readonly byKind = new Map<string, number>();

  /** Bytes inflated through meter() so far: a refused part stops within a chunk of its cap. */
  get inflatedBytes(): number {
    return this.inflated;
  }

  /** Passes the upload through on its way to the unzipper, counting its bytes. */
  countUpload(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.compressed += chunk.length;
        done(null, chunk);
      },
    });
  }

  /** Passes one inflated part through, failing it once the workbook or its kind of part is over budget. */
  meter(path: string, limit: PartLimit): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.inflated += chunk.length;
        const ofKind = (this.byKind.get(limit.kind) ?? 0) + chunk.length;
        this.byKind.set(limit.kind, ofKind);
        if (ofKind > limit.maxBytes) {
          const message =
            `the XLSX part ${path} unzips to more than ${formatMegabytes(limit.maxBytes)}, ` +
            `the limit for ${limit.what}; the file is refused`;
          return done(new IngestFileError(message, 413));
        }
        const bomb =
          this.inflated > MAX_INFLATED_BYTES
            ? '4 GiB'
            : this.inflated > this.compressed * MAX_RATIO + SLACK_BYTES
              ? `${MAX_RATIO} times its size`
              : null;
        if (bomb !== null) {
          const message = `the XLSX file unzips to more than ${bomb}, as a zip bomb does; it is refused`;
          return done(new IngestFileError(message, 400));
        }
        done(null, chunk);
      },
    });
  }
}
