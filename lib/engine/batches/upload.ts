import type { FileProgress } from './scan-thread/file-progress';

// What an upload hands to batch creation: the received form (http/multipart.ts receives it) and, while
// it is still arriving, the file part being spooled. Kept here so batch creation never imports the HTTP
// layer that calls it.

export interface Upload {
  fields: Record<string, string>;
  /** `bytes`: a small upload's content, kept in memory and never spooled (see MEMORY_UPLOAD_BYTES). */
  file: { path: string; filename: string; size: number; bytes?: Buffer } | null;
  cleanup(): void;
}

/**
 * The file part while it is still arriving: `fields` are those sent before it; `path` is the spool and
 * `progress` says how far it is written (done when the part is complete, failed if the upload fails).
 * Lets a handler start reading rows before the upload has finished.
 */
export interface LiveFile {
  filename: string;
  fields: Record<string, string>;
  path: string;
  progress: FileProgress;
}
