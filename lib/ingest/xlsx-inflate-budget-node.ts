import { Transform, type TransformCallback } from 'node:stream';
import { IngestFileError } from './types';

// A zip bomb is a small upload whose parts inflate to gigabytes: the XLSX reader spools sheets to
// disk and keeps the shared strings in memory, so it would fill either. Like Apache POI's
// ZipSecureFile, the reader refuses a workbook whose parts inflate to more than 100 times the bytes
// of the upload read so far, or to more than 4 GiB in all. Real workbooks inflate 5-20 times.

const MAX_RATIO = 100;
/** Slack for the first parts of a small file, whose ratio says nothing yet. */
const SLACK_BYTES = 16 << 20;
const MAX_INFLATED_BYTES = 4 * 1024 ** 3;

export class InflateBudget {
  private compressed = 0;
  private inflated = 0;

  /** Passes the upload through on its way to the unzipper, counting its bytes. */
  countUpload(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.compressed += chunk.length;
        done(null, chunk);
      },
    });
  }

  /** Passes one inflated part through, failing it once the workbook is over its budget. */
  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.inflated += chunk.length;
        const limit =
          this.inflated > MAX_INFLATED_BYTES
            ? '4 GiB'
            : this.inflated > this.compressed * MAX_RATIO + SLACK_BYTES
              ? `${MAX_RATIO} times its size`
              : null;
        if (limit !== null) {
          const message = `the XLSX file unzips to more than ${limit}, as a zip bomb does; it is refused`;
          return done(new IngestFileError(message, 400));
        }
        done(null, chunk);
      },
    });
  }
}
