// Limits on one input row. The line cap bounds memory per row: a legitimate row (a uuid plus at most
// 20 inputs of 2,048 characters, even fully \u-escaped) stays far below it.

export const MAX_UUID_CHARS = 200;
export const MAX_INPUT_CHARS = 2_048;
/** Longest JSONL line kept in memory; longer lines are reported as a row error and skipped. */
export const MAX_LINE_CHARS = 1_048_576;
/** Longest unfinished CSV record buffered while waiting for its end (quoted fields may span lines). */
export const MAX_CSV_RECORD_CHARS = 4 * 1_048_576;

/** Formats a count the way messages show it: 2,048 rather than 2048. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
