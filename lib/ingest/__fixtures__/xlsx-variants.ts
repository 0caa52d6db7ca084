import JSZip from 'jszip';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * The workbook as the .NET Open XML SDK writes it: every SpreadsheetML part binds the namespace to
 * `prefix` instead of making it the default, and names its elements `prefix:row`, `prefix:c`, …
 */
export async function withSpreadsheetMlPrefix(bytes: Uint8Array, prefix = 'x'): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  let parts = 0;
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir || !name.endsWith('.xml')) continue;
    const xml = await entry.async('string');
    if (!xml.includes(`xmlns="${MAIN}"`)) continue;
    const prefixed = xml
      .replace(`xmlns="${MAIN}"`, `xmlns:${prefix}="${MAIN}"`)
      .replace(/<(\/?)([A-Za-z_][\w.-]*)(?=[\s/>])/g, `<$1${prefix}:$2`);
    zip.file(name, prefixed);
    parts++;
  }
  if (parts < 3) throw new Error(`only ${parts} SpreadsheetML parts found to prefix`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The workbook re-zipped with `first` at the front, in that order (the rest after, as they were),
 * its parts changed by `edit` (part name and text → new text) and `drop`ped parts left out.
 */
export async function rezipWorkbook(
  bytes: Uint8Array,
  options: { first?: string[]; edit?: (name: string, xml: string) => string; drop?: string[] },
): Promise<Buffer> {
  const from = await JSZip.loadAsync(bytes);
  const names = Object.keys(from.files).filter(
    (name) => !from.files[name]!.dir && !options.drop?.includes(name),
  );
  const first = options.first ?? [];
  const order = [
    ...first.filter((name) => names.includes(name)),
    ...names.filter((name) => !first.includes(name)),
  ];
  const to = new JSZip();
  for (const name of order) {
    const text = await from.file(name)!.async('string');
    to.file(name, options.edit ? options.edit(name, text) : text);
  }
  return to.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
