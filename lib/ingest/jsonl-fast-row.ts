// A fast path for the JSONL line almost every file is made of: `{"data_uuid":"…","inputs":["…",…]}`
// with no whitespace, no escapes and no other keys. It slices the strings out directly instead of
// building a JSON object (JSON.parse is most of the cost of reading a large upload). Anything else
// (other spacing or key order, escapes, numbers, nested values) returns undefined and goes through
// JSON.parse, so the result is always what JSON.parse would give.

const HEAD = '{"data_uuid":"';
const MIDDLE = '","inputs":[';
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;

/** [data_uuid, inputs] of a line in the common shape, or undefined to use JSON.parse. */
export function fastJsonlRow(line: string): [string, string[]] | undefined {
  if (!line.startsWith(HEAD)) return undefined;
  const uuidEnd = plainStringEnd(line, HEAD.length);
  if (uuidEnd < 0 || !line.startsWith(MIDDLE, uuidEnd)) return undefined;
  const inputs: string[] = [];
  let i = uuidEnd + MIDDLE.length;
  if (line.charCodeAt(i) !== CLOSE_BRACKET) {
    for (;;) {
      if (line.charCodeAt(i) !== QUOTE) return undefined;
      const end = plainStringEnd(line, i + 1);
      if (end < 0) return undefined;
      inputs.push(line.slice(i + 1, end));
      i = end + 1;
      const next = line.charCodeAt(i);
      if (next === CLOSE_BRACKET) break;
      if (next !== COMMA) return undefined;
      i++;
    }
  }
  // `]}` and nothing after it.
  if (i + 2 !== line.length || line.charCodeAt(i + 1) !== CLOSE_BRACE) return undefined;
  return [line.slice(HEAD.length, uuidEnd), inputs];
}

/**
 * Index of the quote closing a string that starts at `from`, or -1 when the string holds anything
 * JSON.parse would treat specially: an escape, or a control character (which JSON rejects).
 */
function plainStringEnd(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}
