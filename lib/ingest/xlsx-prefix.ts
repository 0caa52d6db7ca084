// Some producers of XLSX files (the .NET Open XML SDK and tools built on it) write SpreadsheetML with
// a namespace prefix: <x:workbook xmlns:x="…/spreadsheetml/2006/main"><x:sheets>… Excel reads them;
// exceljs matches element names as written and fails ("Cannot read properties of undefined (reading
// 'sheets')", exceljs issue 962). These helpers find the prefix in a part's root element and take it
// off the element names, which is all exceljs needs. Shared by the server's streaming reader and the
// dashboard's in-browser reader, so no Node imports here.

const SPREADSHEET_ML = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main', // transitional (what Excel writes)
  'http://purl.oclc.org/ooxml/spreadsheetml/main', // strict
];

/** Where the root element's start tag ends, or -1 if `head` does not hold all of it yet. */
export function rootTagEnd(head: string): number {
  let at = 0;
  for (;;) {
    const open = head.indexOf('<', at);
    if (open === -1 || open + 1 >= head.length) return -1;
    const next = head[open + 1];
    if (next !== '?' && next !== '!') return head.indexOf('>', open);
    // the XML declaration, a comment or a doctype before the root
    const close = head.indexOf(next === '?' ? '?>' : '>', open + 2);
    if (close === -1) return -1;
    at = close + 1;
  }
}

/** The prefix a part's root start tag binds to SpreadsheetML, if its elements use one; else null. */
export function spreadsheetMlPrefix(rootTag: string): string | null {
  for (const match of rootTag.matchAll(/\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])([^"']*)\2/g)) {
    if (SPREADSHEET_ML.includes(match[3]!)) return match[1]!;
  }
  return null;
}

/** `xml` with `prefix:` taken off every start and end tag's name (text cannot hold a raw `<`). */
export function unprefixTags(xml: string, prefix: string): string {
  return xml.replaceAll(`<${prefix}:`, '<').replaceAll(`</${prefix}:`, '</');
}

/** A whole part (as text) with SpreadsheetML's prefix taken off, or the same text if it has none. */
export function unprefixPart(xml: string): string {
  const end = rootTagEnd(xml);
  const prefix = end === -1 ? null : spreadsheetMlPrefix(xml.slice(0, end + 1));
  return prefix === null ? xml : unprefixTags(xml, prefix);
}
