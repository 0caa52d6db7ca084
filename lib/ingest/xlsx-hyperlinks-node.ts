import fs from 'node:fs';
import { decodeXmlEntities } from './xml-entities';

// Hyperlinks of a worksheet, for the streaming XLSX reader. A cell's link is not in the cell: the
// sheet's <hyperlinks> list (after all its rows) names the cell and a relationship id, and the
// sheet's relationships part (xl/worksheets/_rels/sheetN.xml.rels) gives that id's URL. A streaming
// reader has passed the cells by the time it meets the list; for a sheet already spooled to disk,
// the list is read first from the file's end, so url inputs get the link's target, as the dashboard
// (which loads the whole workbook) gives them.

/** Columns per row in a sheet (XFD): cell keys are row * MAX_COLUMNS + column, both 1-based. */
const MAX_COLUMNS = 16_384;
/** A hyperlink over a range gives every cell in it the target; this bounds a sheet-wide range. */
const MAX_RANGE_CELLS = 1_000_000;

export type SheetLinks = ReadonlyMap<number, string>;

export function cellKey(row: number, column: number): number {
  return row * MAX_COLUMNS + column;
}

/** Relationship id → URL, for the hyperlink relationships of a sheet's .rels part. */
export function hyperlinkTargets(relsXml: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [tag] of relsXml.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const type = attribute(tag, 'Type');
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id !== undefined && target !== undefined && type?.endsWith('/hyperlink')) targets.set(id, target);
  }
  return targets;
}

/**
 * The links of a spooled sheet (its namespace prefix already taken off): cell key → URL. Only the
 * part after </sheetData> is kept in memory; links to places inside the workbook have no URL.
 */
export async function readSheetLinks(
  file: string,
  targets: ReadonlyMap<string, string>,
): Promise<SheetLinks> {
  const links = new Map<number, string>();
  if (targets.size === 0) return links;
  const MARK = '</sheetData>';
  let before = ''; // the end of the last chunk, in case the mark is cut in two
  let tail: string | undefined;
  // latin1: one character per byte, so a chunk boundary never splits a character; refs are ASCII.
  for await (const chunk of fs.createReadStream(file, { encoding: 'latin1' })) {
    if (tail !== undefined) {
      tail += chunk as string;
      continue;
    }
    const text = before + (chunk as string);
    const end = text.indexOf(MARK);
    if (end === -1) before = text.slice(-(MARK.length - 1));
    else tail = text.slice(end);
  }
  if (tail === undefined) return links;
  for (const [tag] of tail.matchAll(/<hyperlink\b[^>]*>/g)) {
    const ref = attribute(tag, 'ref');
    const id = /\s[\w.-]+:id\s*=\s*(["'])(.*?)\1/.exec(tag)?.[2];
    const target = id === undefined ? undefined : targets.get(id);
    if (ref === undefined || target === undefined) continue;
    for (const key of cellKeys(ref)) if (!links.has(key)) links.set(key, target);
  }
  return links;
}

/** The cells of "B2" or "B2:D9" as keys; nothing for a ref that is not one. */
export function cellKeys(ref: string): number[] {
  const [from, to = from] = ref.split(':');
  const a = parseCell(from ?? '');
  const b = parseCell(to ?? '');
  if (a === undefined || b === undefined) return [];
  const [top, bottom] = a.row <= b.row ? [a.row, b.row] : [b.row, a.row];
  const [left, right] = a.column <= b.column ? [a.column, b.column] : [b.column, a.column];
  if ((bottom - top + 1) * (right - left + 1) > MAX_RANGE_CELLS) return [];
  const keys: number[] = [];
  for (let row = top; row <= bottom; row++) {
    for (let column = left; column <= right; column++) keys.push(cellKey(row, column));
  }
  return keys;
}

function parseCell(ref: string): { row: number; column: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  const row = Number(match[2]);
  return column <= MAX_COLUMNS && row >= 1 ? { row, column } : undefined;
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`).exec(tag)?.[2];
  return value === undefined ? undefined : decodeXmlEntities(value);
}
