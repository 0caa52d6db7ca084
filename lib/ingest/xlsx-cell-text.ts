// The text of an XLSX cell value as exceljs reports it. Spreadsheet cells are typed; batch inputs are
// strings, so each type gets the spelling an analyst would expect to see in the sheet.

const HYPERLINK_FORMULA = /^\s*HYPERLINK\(\s*"([^"]*)"/i;

/**
 * `preferLink`: for url inputs, a hyperlink cell's target (or a HYPERLINK() formula's first argument)
 * is the better value; for other inputs its displayed text is.
 */
export function cellText(value: unknown, preferLink = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);

  const cell = value as Record<string, unknown>;
  if (Array.isArray(cell.richText)) {
    return cell.richText.map((run: unknown) => cellText((run as { text?: unknown }).text)).join('');
  }
  if (typeof cell.hyperlink === 'string') {
    const text = cellText(cell.text);
    return preferLink || text.length === 0 ? cell.hyperlink : text;
  }
  if ('formula' in cell || 'sharedFormula' in cell) {
    const link =
      preferLink && typeof cell.formula === 'string' ? HYPERLINK_FORMULA.exec(cell.formula)?.[1] : undefined;
    return link ?? cellText(cell.result, preferLink);
  }
  if (typeof cell.error === 'string') return cell.error; // "#N/A": shown as in the sheet, then validated
  if ('text' in cell) return cellText(cell.text, preferLink);
  return '';
}

/** ISO 8601; a date without a time of day (how Excel stores plain dates) as YYYY-MM-DD. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}
