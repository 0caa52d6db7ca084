import { cellText } from '@/lib/ingest/xlsx-cell-text';
import type { ColumnKind } from './columns';
import { answerText } from './columns';

// Typed XLSX cells: the analyst's cells as uploaded (a workbook's numbers, dates and links as they
// were; a CSV's text as text), answers by their output type (numbers as numbers, dates as date cells,
// URLs as links). Anything that does not read cleanly as its type stays text: nothing is lost.

export type XlsxValue = string | number | boolean | Date | { text: string; hyperlink: string };

export interface XlsxCell {
  value: XlsxValue;
  /** A date cell's number format. */
  numFmt?: string;
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMBER = /^-?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/;
const HTTP_URL = /^https?:\/\/\S+$/i;

const DATE_FMT = 'yyyy-mm-dd';
const DATE_TIME_FMT = 'yyyy-mm-dd hh:mm:ss';

function dateCell(date: Date): XlsxCell {
  const midnight =
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0;
  return { value: date, numFmt: midnight ? DATE_FMT : DATE_TIME_FMT };
}

/** A cell of the uploaded workbook (exceljs value), or of an uploaded CSV (a string), as it was. */
export function originalCell(v: unknown): XlsxCell {
  if (v === null || v === undefined) return { value: '' };
  if (typeof v === 'string' || typeof v === 'boolean') return { value: v };
  if (typeof v === 'number') return { value: Number.isFinite(v) ? v : '' };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? { value: '' } : dateCell(v);
  if (typeof v === 'object') {
    const cell = v as Record<string, unknown>;
    if (typeof cell.hyperlink === 'string')
      return { value: { text: cellText(cell.text) || cell.hyperlink, hyperlink: cell.hyperlink } };
    // A formula's value as last computed: the sheet it referred to is not in the download.
    if ('formula' in cell || 'sharedFormula' in cell) return originalCell(cell.result);
  }
  return { value: cellText(v) };
}

/** An answer (or a column of ours) as a cell of its column's kind. */
export function typedCell(v: unknown, kind: ColumnKind): XlsxCell {
  if (kind === 'original') return originalCell(v);
  if (typeof v === 'number' && (kind === 'number' || kind === 'text')) return { value: v };
  if (typeof v === 'boolean') return { value: v };
  const text = answerText(v);
  if (text === '') return { value: '' };
  if (kind === 'number' && NUMBER.test(text.trim())) return { value: Number(text.trim()) };
  if (kind === 'date') {
    const m = ISO_DATE.exec(text.trim());
    if (m) {
      const date = m[4] === undefined ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : new Date(text.trim());
      if (!Number.isNaN(date.getTime())) return dateCell(date);
    }
  }
  if (kind === 'url' && HTTP_URL.test(text.trim())) return { value: { text, hyperlink: text.trim() } };
  if (kind === 'boolean' && /^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true' };
  return { value: text };
}
