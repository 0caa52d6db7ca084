import type { Db } from '../db/client';
import { downloadFile, type DownloadOptions } from './download-file';
import type { FileFormat } from './file-url';

/** The results file behind the signed link: every input row, in input order (download-file.ts). */
export function resultsFile(
  db: Db,
  batchId: string,
  format: FileFormat,
  options: DownloadOptions = {},
): Promise<Response> {
  return downloadFile(db, batchId, format, options, () => 'results');
}
