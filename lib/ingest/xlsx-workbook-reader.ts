import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { unprefixStream } from './xlsx-unprefix-stream';

// exceljs's streaming WorkbookReader, with its walk over the zip's entries replaced.
//
// Why: unzipper's Parse stream emits 'end' as soon as it has parsed the zip's last record, while the
// entries it found may still wait, unread, in its readable buffer. exceljs walks the entries with a
// helper that stops at that 'end', so under load it sometimes never saw xl/workbook.xml (the last
// entry exceljs itself writes) and failed with "Cannot read properties of undefined (reading
// 'sheets')", or read a sheet before its shared strings: about 3 in 1,000 reads of one small
// workbook with both cores busy. Node's own async iterator reads the buffer empty before it stops.
//
// The per-entry parsing (relationships, workbook, shared strings, styles, worksheets) is still
// exceljs's; the order of entries and the spooling of early sheets are ours, and each SpreadsheetML
// part passes through unprefixStream first, so files that write <x:sheet …> read too. Those methods are
// exceljs internals, so `internals()` checks they exist and the exceljs version is pinned.

type Event = { eventType: string; value: unknown };

/** The parts of exceljs's WorkbookReader (lib/stream/xlsx/workbook-reader.js, 4.4.0) used here. */
interface ReaderInternals {
  input: unknown;
  sharedStrings?: unknown;
  workbookRels?: unknown;
  _getStream(input: unknown): Readable;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<Event>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<Event>;
  _parseHyperlinks(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<Event>;
}

const INTERNAL_METHODS = [
  '_getStream',
  '_parseRels',
  '_parseWorkbook',
  '_parseSharedStrings',
  '_parseStyles',
  '_parseWorksheet',
  '_parseHyperlinks',
] as const;

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const WORKSHEET_RELS = /^xl\/worksheets\/_rels\/sheet(\d+)\.xml\.rels$/;

export class XlsxWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  override async *parse(): AsyncGenerator<Event, void, undefined> {
    const reader = this.internals();
    const zip = unzipper.Parse({ forceStream: true });
    // pipeline, not pipe: an error of the upload (aborted, too large) reaches the loop below, and
    // leaving the loop early stops reading the upload.
    pipeline(reader._getStream(reader.input), zip, () => {});

    // A sheet that comes before the shared strings or the relationships cannot be parsed yet; it
    // waits on disk (as in exceljs), so a large workbook is never held in memory.
    const waiting: { sheetNo: string; file: string }[] = [];
    let spoolDir: string | undefined;
    try {
      for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
        const sheet = WORKSHEET.exec(entry.path);
        const sheetRels = WORKSHEET_RELS.exec(entry.path);
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry);
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(spreadsheetPart(entry));
        else if (entry.path === 'xl/sharedStrings.xml')
          yield* reader._parseSharedStrings(spreadsheetPart(entry));
        else if (entry.path === 'xl/styles.xml') await reader._parseStyles(spreadsheetPart(entry));
        else if (sheet && reader.sharedStrings && reader.workbookRels) {
          // The consumer reads the rows while this generator waits at the yield. If it stops early,
          // the rest of the part is let through and dropped, so autodrain() below can skip the entry.
          const part = spreadsheetPart(entry);
          yield* reader._parseWorksheet(part.iterator({ destroyOnReturn: false }), sheet[1]!);
          part.resume();
        } else if (sheet) {
          spoolDir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'quarry-xlsx-'));
          const file = path.join(spoolDir, `sheet${sheet[1]}.xml`);
          await pipelineAsync(entry, unprefixStream(), fs.createWriteStream(file));
          waiting.push({ sheetNo: sheet[1]!, file });
        } else if (sheetRels) {
          yield* reader._parseHyperlinks(entry.iterator({ destroyOnReturn: false }), sheetRels[1]!);
        }
        entry.autodrain();
      }
      for (const { sheetNo, file } of waiting) {
        const stream = fs.createReadStream(file);
        try {
          yield* reader._parseWorksheet(stream, sheetNo);
        } finally {
          stream.destroy();
        }
      }
    } finally {
      zip.destroy();
      if (spoolDir !== undefined) await fs.promises.rm(spoolDir, { recursive: true, force: true });
    }
  }

  private internals(): ReaderInternals {
    const reader = this as unknown as Record<string, unknown>;
    const missing = INTERNAL_METHODS.filter((name) => typeof reader[name] !== 'function');
    if (missing.length > 0) {
      throw new Error(
        `exceljs's WorkbookReader no longer has ${missing.join(', ')}; see xlsx-workbook-reader.ts`,
      );
    }
    return this as unknown as ReaderInternals;
  }
}

/** A SpreadsheetML part of the zip, its namespace prefix (if any) taken off as it streams. */
function spreadsheetPart(entry: unzipper.Entry): Readable {
  return entry.pipe(unprefixStream());
}
