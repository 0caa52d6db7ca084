import type { Db } from '../db/client';
import { downloadFile, type DownloadOptions } from './download-file';
import type { FileFormat } from './file-url';

// The key-authenticated download behind the dashboard's buttons (extension): at any point of the
// batch, every row of the upload — rows still waiting with status "pending", removed ones "removed",
// refused ones "refused" — so a partial download already has one line per input, in input order.

export function batchRowsFile(
  db: Db,
  batchId: string,
  format: FileFormat,
  options: DownloadOptions = {},
): Promise<Response> {
  return downloadFile(db, batchId, format, options, (b) => (b.completed ? 'results' : 'partial-results'));
}
