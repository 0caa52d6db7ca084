import fs from 'node:fs';
import { formatCount } from '@/lib/contract/row-limits';
import { IngestFileError } from './types';
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
/** Linked cells kept for a sheet, all ranges together (a map entry each, ~50-80 bytes). */
export const MAX_LINKED_CELLS = 1_000_000;
/** Longest <hyperlink …> tag read (its ref, id, tooltip and display text). */
const MAX_TAG_CHARS = 64 * 1024;

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
 * The links of a spooled sheet (its namespace prefix already taken off): cell key → URL. The part
 * after </sheetData> is read tag by tag, never held whole; links to places inside the workbook have
 * no URL. Refused past MAX_LINKED_CELLS cells, which would take hundreds of MB as a map.
 */
export async function readSheetLinks(
  file: string,
  targets: ReadonlyMap<string, string>,
): Promise<SheetLinks> {
  const links = new Map<number, string>();
  if (targets.size === 0) return links;
  const MARK = '</sheetData>';
  let pending = ''; // before the mark: its last characters, in case it is cut; after: an unfinished tag
  let isAfterRows = false;
  // latin1: one character per byte, so a chunk boundary never splits a character; refs are ASCII.
  for await (const chunk of fs.createReadStream(file, { encoding: 'latin1' })) {
    let text = pending + (chunk as string);
    if (!isAfterRows) {
      const end = text.indexOf(MARK);
      if (end === -1) {
        pending = text.slice(-(MARK.length - 1));
        continue;
      }
      isAfterRows = true;
      text = text.slice(end);
    }
    let used = 0;
    for (const match of text.matchAll(/<hyperlink\b[^>]*>/g)) {
      addLink(links, match[0], targets);
      used = match.index + match[0].length;
    }
    // An unfinished <hyperlink …> waits for the next chunk; a "tag" longer than any link is none.
    const open = text.lastIndexOf('<');
    pending = open >= used && text.indexOf('>', open) === -1 ? text.slice(open) : '';
    if (pending.length > MAX_TAG_CHARS) pending = '';
  }
  return links;
}

function addLink(links: Map<number, string>, tag: string, targets: ReadonlyMap<string, string>): void {
  const ref = attribute(tag, 'ref');
  const id = /\s[\w.-]+:id\s*=\s*(["'])(.*?)\1/.exec(tag)?.[2];
  const target = id === undefined ? undefined : targets.get(id);
  if (ref === undefined || target === undefined) return;
  for (const key of cellKeys(ref)) {
    if (links.has(key)) continue;
    if (links.size >= MAX_LINKED_CELLS) {
      throw new IngestFileError(
        `the worksheet's hyperlinks cover more than ${formatCount(MAX_LINKED_CELLS)} cells, the limit for them; the file is refused`,
        413,
      );
    }
    links.set(key, target);
  }
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
