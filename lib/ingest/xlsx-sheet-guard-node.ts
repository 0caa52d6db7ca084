import { Transform, type TransformCallback } from 'node:stream';
import { IngestFileError } from './types';
import { formatMegabytes } from './xlsx-part-limits';

// A worksheet is spooled to disk and read row by row, but exceljs keeps a whole row (its cells' text)
// in memory, and everything before <sheetData> (the <cols> list, kept in full); saxes, under it, holds
// a whole text node, comment or CDATA section until it ends. None of that has a bound of its own, so
// one 500 MB cell or comment would be read into memory whole. This checks the (unprefixed) sheet as
// it is spooled: the part before the rows, each row, and in what follows them the text between two
// tags. Comments, CDATA and processing instructions count for the row they are in: a <row> inside
// one is not a row.

const MiB = 1024 * 1024;
export const MAX_SHEET_HEAD_BYTES = 16 * MiB;
export const MAX_ROW_BYTES = 16 * MiB;

/** In the rows: what starts or ends a row or the rows, or a section in which tags do not count. */
const ROWS_TOKEN = /<(?:!--|!\[CDATA\[|\?|(\/?)(row|sheetData)(?=[\s>/]))/g;
/** Before and after the rows: any tag, or a section in which tags do not count. */
const OTHER_TOKEN = /<(?:!--|!\[CDATA\[|\?|(\/?)([A-Za-z_][\w.-]*)(?=[\s>/]))/g;
/** A token is at most `</sheetData` and the character after: one starting later may be cut. */
const LOOKAHEAD = 12;
const SECTION_END: Record<string, string> = { '<!--': '-->', '<![CDATA[': ']]>', '<?': '?>' };

/** Whether the `<row` or `</row` at `at` is a whole tag name, followed by a space, `>` or `/`. */
function isRowTag(text: string, at: number): boolean {
  const after = text[at + (text.startsWith('</', at) ? 5 : 4)];
  return after !== undefined && /[\s>/]/.test(after);
}

export function guardSheet(path: string): Transform {
  let state: 'head' | 'rows' | 'tail' = 'head';
  let inside: string | null = null; // the end of the comment, CDATA or instruction we are in
  let offset = 0; // of `carry`'s start in the part
  let mark = 0; // where the current row (or head, or stretch between tags) started
  let carry = '';
  let over: [what: string, limit: number] | null = null;

  function refuse(done: TransformCallback, what: string, limit: number): void {
    const message = `the XLSX part ${path} has ${what} of more than ${formatMegabytes(limit)}, the limit for it; the file is refused`;
    done(new IngestFileError(message, 413));
  }

  function scan(text: string, isLast: boolean): number {
    const limit = isLast ? text.length : text.length - LOOKAHEAD;
    let i = 0;
    while (i < limit) {
      if (inside !== null) {
        const end = text.indexOf(inside, i);
        if (end === -1) return Math.max(i, text.length - inside.length + 1);
        i = end + inside.length;
        inside = null;
        continue;
      }
      const token = state === 'rows' ? ROWS_TOKEN : OTHER_TOKEN;
      token.lastIndex = i;
      const match = token.exec(text);
      if (match === null || match.index >= limit) return limit;
      i = match.index + match[0].length;
      const opened = SECTION_END[match[0]];
      if (opened !== undefined) {
        inside = opened;
        continue;
      }
      const [, slash, name] = match;
      const at = offset + match.index;
      if (state === 'head') {
        if (name === 'sheetData' && !slash) moveMark(at, 'rows');
      } else if (state === 'rows') {
        if (name === 'row') moveMark(at);
        else if (slash) moveMark(at, 'tail');
      } else moveMark(at);
    }
    return Math.max(0, Math.min(i, text.length));
  }

  /**
   * The common case, a run of plain rows, without a tag-by-tag scan: where the last row starts is
   * enough. False when the text holds anything else the full scan must see.
   */
  function skipPlainRows(text: string): boolean {
    if (state !== 'rows' || inside !== null) return false;
    if (text.includes('<!') || text.includes('<?') || text.includes('</sheetData')) return false;
    const starts = [text.indexOf('<row'), text.indexOf('</row')].filter((at) => at !== -1);
    if (starts.length === 0) return true;
    // The first row tag ends the stretch that was open; the last starts the one left open. Those
    // between are shorter than this text. Each must be a row tag, not <rowx>, or it would end nothing.
    const first = Math.min(...starts);
    const last = Math.max(text.lastIndexOf('<row'), text.lastIndexOf('</row'));
    if (!isRowTag(text, first) || !isRowTag(text, last)) return false;
    for (const at of [first, last]) if (offset + at > mark) moveMark(offset + at);
    return true;
  }

  /** What is over its cap if the current stretch runs to `end`, or null. */
  function overAt(end: number): [what: string, limit: number] | null {
    const since = end - mark;
    if (state === 'head' && since > MAX_SHEET_HEAD_BYTES) {
      return ['a part before its rows (<cols>, views, …)', MAX_SHEET_HEAD_BYTES];
    }
    if (state === 'rows' && since > MAX_ROW_BYTES) return ['a row', MAX_ROW_BYTES];
    if (state === 'tail' && since > MAX_ROW_BYTES)
      return ['a text, comment or tag after its rows', MAX_ROW_BYTES];
    return null;
  }

  /** Starts a new stretch at `at` (and maybe a new state), once the one it ends is checked. */
  function moveMark(at: number, next = state): void {
    over ??= overAt(at);
    state = next;
    mark = at;
  }

  function check(end: number, done: TransformCallback): boolean {
    over ??= overAt(end);
    if (over === null) return true;
    refuse(done, ...over);
    return false;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      // latin1: one character per byte, so offsets are byte offsets; the tokens are ASCII.
      const text = carry + chunk.toString('latin1');
      const used = skipPlainRows(text) ? Math.max(0, text.length - LOOKAHEAD) : scan(text, false);
      offset += used;
      carry = text.slice(used);
      if (check(offset + carry.length, done)) done(null, chunk);
    },
    flush(done: TransformCallback) {
      scan(carry, true);
      if (check(offset + carry.length, done)) done();
    },
  });
}
