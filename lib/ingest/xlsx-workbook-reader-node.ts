import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { InflateBudget } from './xlsx-inflate-budget-node';
import { hyperlinkTargets, readSheetLinks, type SheetLinks } from './xlsx-hyperlinks-node';
import { WORKSHEET_PART, WORKSHEET_RELS_PART, partLimit } from './xlsx-part-limits';
import { countSharedStrings } from './xlsx-shared-strings-count-node';
import { guardSheet } from './xlsx-sheet-guard-node';
import { unprefixStream } from './xlsx-unprefix-stream-node';

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
// exceljs's. Ours: the walk; sheets spooled to disk and removed after; worksheets in tab order
// (exceljs's come in the zip's order, which need not be the tabs' order once a tab is moved); each
// sheet's hyperlinks read before its rows (hyperlinksOf; exceljs's `hyperlinks` option is not used);
// each SpreadsheetML part passed through unprefixStream, so files written as <x:sheet …> read too;
// every part inflated under the zip-bomb budget and its kind's cap (xlsx-part-limits.ts), and the
// parts not read (docProps, themes, media, …) never inflated at all.
// The per-entry methods are exceljs internals, so `internals()` checks they exist and the exceljs
// version is pinned.

type Event = { eventType: string; value: unknown };

/** The parts of exceljs's WorkbookReader (lib/stream/xlsx/workbook-reader.js, 4.4.0) used here. */
interface ReaderInternals {
  input: unknown;
  /** From xl/workbook.xml: the sheets in tab order. */
  model?: { sheets?: { rId: string; state?: string }[] };
  /** From xl/_rels/workbook.xml.rels: where each sheet's part is. */
  workbookRels?: { Id: string; Target: string }[];
  _getStream(input: unknown): Readable;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<Event>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<Event>;
}

const INTERNAL_METHODS = [
  '_getStream',
  '_parseRels',
  '_parseWorkbook',
  '_parseSharedStrings',
  '_parseStyles',
  '_parseWorksheet',
] as const;

/** The hyperlinks of each emitted worksheet (see hyperlinksOf). */
const LINKS = new WeakMap<object, SheetLinks>();

/** A worksheet's hyperlinks (cell key → URL, see xlsx-hyperlinks-node.ts), known before its rows. */
export function hyperlinksOf(sheet: object): SheetLinks | undefined {
  return LINKS.get(sheet);
}

type ReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];

export class XlsxWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  /** `budget`: given by tests, to see how much was inflated. */
  constructor(
    input: Readable,
    options: ReaderOptions,
    private readonly budget = new InflateBudget(),
  ) {
    super(input, options);
  }

  override async *parse(): AsyncGenerator<Event, void, undefined> {
    const reader = this.internals();
    const zip = unzipper.Parse({ forceStream: true });
    const budget = this.budget;
    leaveUnreadPartsCompressed(zip);
    // pipeline, not pipe: an error of the upload (aborted, too large) reaches the loop below, and
    // leaving the loop early stops reading the upload.
    pipeline(reader._getStream(reader.input), budget.countUpload(), zip, () => {});
    /** An entry's inflated bytes, metered against the budget; a SpreadsheetML part loses its prefix. */
    const part = (entry: unzipper.Entry, spreadsheetMl = true): Readable => {
      const metered = budget.meter(entry.path, partLimit(entry.path)!);
      return spreadsheetMl
        ? pipeline(entry, metered, unprefixStream(), () => {})
        : pipeline(entry, metered, () => {});
    };

    // Every sheet waits on disk until the whole zip has been read, so a large workbook is never held
    // in memory, sheets come out in tab order, visible ones first (what the analyst sees and the
    // dashboard reads, not the zip's order), and a sheet's hyperlinks, listed after its rows, are
    // known before its rows are read. Excel and exceljs store the sheets before the shared strings,
    // so exceljs spools them too.
    const waiting: { sheetNo: string; file: string }[] = [];
    const linkTargets = new Map<string, Map<string, string>>(); // sheet number → relationship id → URL
    let spoolDir: string | undefined;
    try {
      for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
        if (partLimit(entry.path) === undefined) continue; // drained, still compressed, since it came
        const sheet = WORKSHEET_PART.exec(entry.path)?.[1];
        const sheetRels = WORKSHEET_RELS_PART.exec(entry.path)?.[1];
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(part(entry, false));
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(part(entry));
        else if (entry.path === 'xl/sharedStrings.xml') {
          yield* reader._parseSharedStrings(pipeline(part(entry), countSharedStrings(entry.path), () => {}));
        } else if (entry.path === 'xl/styles.xml') await reader._parseStyles(part(entry));
        else if (sheet) {
          spoolDir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'quarry-xlsx-'));
          const file = path.join(spoolDir, `sheet${sheet}.xml`);
          await pipelineAsync(part(entry), guardSheet(entry.path), fs.createWriteStream(file));
          waiting.push({ sheetNo: sheet, file });
        } else if (sheetRels) {
          linkTargets.set(sheetRels, hyperlinkTargets((await buffer(part(entry, false))).toString('utf8')));
        }
        entry.autodrain();
      }
      const order = tabOrder(reader);
      if (order === undefined)
        throw new Error('the zip has no xl/workbook.xml or no xl/_rels/workbook.xml.rels');
      const tab = (sheetNo: string) => (order.includes(sheetNo) ? order.indexOf(sheetNo) : order.length);
      waiting.sort((a, b) => tab(a.sheetNo) - tab(b.sheetNo)); // stable: unlisted sheets last, in zip order
      for (const { sheetNo, file } of waiting) {
        const links = await readSheetLinks(file, linkTargets.get(sheetNo) ?? new Map());
        const stream = fs.createReadStream(file);
        try {
          for (const event of reader._parseWorksheet(stream, sheetNo)) {
            if (event.eventType === 'worksheet') LINKS.set(event.value as object, links);
            yield event;
          }
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
        `exceljs's WorkbookReader no longer has ${missing.join(', ')}; see xlsx-workbook-reader-node.ts`,
      );
    }
    return this as unknown as ReaderInternals;
  }
}

/**
 * Drains the entries the reader never reads as they come, before unzipper picks their inflater: it
 * inflates an entry unless autodrain() was called by then, which the loop over the entries, a
 * promise later, is too late to do. So a part nobody reads costs its compressed bytes, not a bomb's.
 */
function leaveUnreadPartsCompressed(zip: unzipper.ParseStream): void {
  const push = zip.push.bind(zip);
  zip.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    const entry = chunk as Partial<unzipper.Entry> | null;
    if (typeof entry?.path === 'string' && typeof entry.autodrain === 'function' && !partLimit(entry.path)) {
      entry.autodrain();
    }
    return push(chunk, encoding);
  };
}

/**
 * The worksheets' numbers (sheet<n>.xml) in tab order, the visible ones first (a hidden first tab is
 * usually a template's settings, not the data), once the workbook and its relationships are read.
 */
function tabOrder(reader: ReaderInternals): string[] | undefined {
  if (reader.model === undefined || reader.workbookRels === undefined) return undefined;
  const targets = new Map(reader.workbookRels.map((rel) => [rel.Id, rel.Target]));
  const visible: string[] = [];
  const hidden: string[] = [];
  for (const sheet of reader.model.sheets ?? []) {
    const part = /(?:^|\/)worksheets\/sheet(\d+)\.xml$/.exec(targets.get(sheet.rId) ?? '');
    if (part) (isVisible(sheet.state) ? visible : hidden).push(part[1]!);
  }
  return [...visible, ...hidden];
}

/** A sheet's state as xl/workbook.xml gives it: "visible" when absent; "hidden" or "veryHidden". */
function isVisible(state: string | undefined): boolean {
  return state === undefined || state === 'visible';
}
