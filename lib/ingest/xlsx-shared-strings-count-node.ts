import { Transform, type TransformCallback } from 'node:stream';
import { formatCount } from '@/lib/contract/row-limits';
import { IngestFileError } from './types';
import { MAX_RICH_TEXT_RUNS, MAX_SHARED_STRINGS } from './xlsx-part-limits';

// exceljs caches every shared string (a rich one as an object per formatted run), and that costs
// more than the XML's bytes: millions of <si/> or <r> in a part under its byte cap still take
// gigabytes. This counts them as the (unprefixed) part streams by, refusing past the caps.

/** <si>, <si …>, <si/>; <r>, <r …>, <r/> (not <rPr>, <rPh>, <rFont>). */
const TAG = /<(si|r)[\s>/]/g;
/** Longest tag start matched (`<si>`) less one: kept to match a tag cut by a chunk boundary. */
const CARRY = 3;

export function countSharedStrings(path: string): Transform {
  let strings = 0;
  let runs = 0;
  let carry = '';
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      // latin1: one character per byte; tags are ASCII, so a cut UTF-8 character cannot fake one.
      const text = carry + chunk.toString('latin1');
      const end = text.length - CARRY; // a match starting at or after `end` is counted next time
      for (const match of text.matchAll(TAG)) {
        if (match.index >= end) break;
        if (match[1] === 'si') strings++;
        else runs++;
      }
      carry = text.slice(Math.max(0, end));
      const over =
        strings > MAX_SHARED_STRINGS
          ? `${formatCount(MAX_SHARED_STRINGS)} strings`
          : runs > MAX_RICH_TEXT_RUNS
            ? `${formatCount(MAX_RICH_TEXT_RUNS)} formatted text runs`
            : null;
      if (over !== null) {
        const message = `the XLSX part ${path} holds more than ${over}, the limit for the shared strings; the file is refused`;
        return done(new IngestFileError(message, 413));
      }
      done(null, chunk);
    },
  });
}
