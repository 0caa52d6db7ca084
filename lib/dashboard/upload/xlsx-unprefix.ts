import { unprefixPart } from '@/lib/ingest/xlsx-prefix';

/**
 * The workbook with SpreadsheetML's namespace prefix taken off every part that has one (see
 * lib/ingest/xlsx-prefix.ts), or null when no part has one. exceljs's in-browser reader matches
 * element names as written, so a workbook written as <x:worksheet>… reads as no workbook at all.
 */
export async function unprefixWorkbook(bytes: ArrayBuffer): Promise<ArrayBuffer | null> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(bytes);
  let changed = false;
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir || !name.startsWith('xl/') || !name.endsWith('.xml')) continue;
    const xml = await entry.async('string');
    const plain = unprefixPart(xml);
    if (plain === xml) continue;
    zip.file(name, plain);
    changed = true;
  }
  // Stored, not deflated: the bytes are read once, right away, in this tab.
  return changed ? zip.generateAsync({ type: 'arraybuffer', compression: 'STORE' }) : null;
}
