// Caps on the parts of an uploaded workbook that the XLSX reader keeps in memory. The zip-bomb budget
// (xlsx-inflate-budget-node.ts) only bounds a part against the upload's size, which lets a 200 MB
// upload hold gigabytes of relationships or shared strings; these caps are absolute. They are far
// above what spreadsheet programs write (a styles part of a few hundred KB, one relationship per
// sheet or link) and keep an accepted upload's memory within a few hundred MB (`npm run bench`,
// section upload-memory). Worksheets are spooled to disk and read row by row, so they have none.

const MiB = 1024 * 1024;

export interface PartLimit {
  /** Parts of one kind share the cap: a zip may repeat a name, or hold many sheets' relationships. */
  kind: string;
  /** What the part holds, as a refusal names it. */
  what: string;
  maxBytes: number;
}

export const WORKBOOK_LIMIT: PartLimit = { kind: 'workbook', what: 'the workbook part', maxBytes: 2 * MiB };
export const WORKBOOK_RELS_LIMIT: PartLimit = {
  kind: 'workbook-rels',
  what: "the workbook's relationships",
  maxBytes: 1 * MiB,
};
export const STYLES_LIMIT: PartLimit = { kind: 'styles', what: 'the styles', maxBytes: 4 * MiB };
/** All sheets' relationships together: mostly hyperlink targets, ~150 bytes each. */
export const SHEET_RELS_LIMIT: PartLimit = {
  kind: 'sheet-rels',
  what: "the worksheets' relationships (hyperlinks)",
  maxBytes: 8 * MiB,
};
export const SHARED_STRINGS_LIMIT: PartLimit = {
  kind: 'shared-strings',
  what: 'the shared strings',
  maxBytes: 32 * MiB,
};
/** Each cached string costs a few dozen bytes besides its text, so the count is capped too. */
export const MAX_SHARED_STRINGS = 1_000_000;
/** A formatted run is an object with its font, ~100-300 bytes: rich text is capped by runs. */
export const MAX_RICH_TEXT_RUNS = 100_000;
export const WORKSHEET_LIMIT: PartLimit = { kind: 'worksheet', what: 'a worksheet', maxBytes: Infinity };

export const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;
export const WORKSHEET_RELS_PART = /^xl\/worksheets\/_rels\/sheet(\d+)\.xml\.rels$/;

/** The cap of a part the reader uses, or undefined for a part it never reads (left compressed). */
export function partLimit(path: string): PartLimit | undefined {
  if (path === 'xl/workbook.xml') return WORKBOOK_LIMIT;
  if (path === 'xl/_rels/workbook.xml.rels') return WORKBOOK_RELS_LIMIT;
  if (path === 'xl/styles.xml') return STYLES_LIMIT;
  if (path === 'xl/sharedStrings.xml') return SHARED_STRINGS_LIMIT;
  if (WORKSHEET_PART.test(path)) return WORKSHEET_LIMIT;
  if (WORKSHEET_RELS_PART.test(path)) return SHEET_RELS_LIMIT;
  return undefined;
}

/** 4194304 → "4 MB", as the refusals give sizes. */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}
