import { IngestFileError, type InputFormat } from './types';

// Decides how to read an upload from its first bytes and its name. Bytes win over the name: a
// spreadsheet renamed to .csv is still read as XLSX, and a PDF named .csv is refused with 415
// instead of producing a screen of garbage rows.

/** How many leading bytes detectFormat wants to see (fewer is fine for short files). */
export const SNIFF_BYTES = 4096;

const NOT_SUPPORTED = 'file is not a JSONL, CSV or XLSX file';

interface Signature {
  bytes: readonly number[];
  hint?: string;
}

// Formats people upload by mistake. Anything else with a NUL byte is refused as binary too.
const BINARY_SIGNATURES: readonly Signature[] = [
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    hint: 'legacy .xls workbooks are not supported; save it as .xlsx or CSV',
  },
  { bytes: [0x25, 0x50, 0x44, 0x46], hint: 'it is a PDF' }, // %PDF
  { bytes: [0x89, 0x50, 0x4e, 0x47], hint: 'it is a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], hint: 'it is a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], hint: 'it is a GIF image' }, // GIF8
  { bytes: [0x1f, 0x8b], hint: 'it is gzip-compressed; upload it uncompressed' },
  { bytes: [0xff, 0xfe], hint: 'it is UTF-16 text; save it as UTF-8 (in Excel: "CSV UTF-8")' },
  { bytes: [0xfe, 0xff], hint: 'it is UTF-16 text; save it as UTF-8 (in Excel: "CSV UTF-8")' },
];

const JSONL_EXTENSIONS = new Set(['jsonl', 'ndjson', 'json']);
const CSV_EXTENSIONS = new Set(['csv', 'tsv']);

export function detectFormat(filename: string | undefined, firstBytes: Uint8Array): InputFormat {
  // XLSX is a zip archive: local file header "PK\x03\x04" (or "PK\x05\x06" for an empty archive).
  if (startsWith(firstBytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(firstBytes, [0x50, 0x4b, 0x05, 0x06])) {
    return 'xlsx';
  }
  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(firstBytes, signature.bytes)) throw notSupported(signature.hint);
  }
  if (firstBytes.includes(0)) throw notSupported('it contains binary data');

  const extension = extensionOf(filename);
  if (extension !== undefined && JSONL_EXTENSIONS.has(extension)) return 'jsonl';
  if (extension !== undefined && CSV_EXTENSIONS.has(extension)) return 'csv';

  return firstNonBlank(firstBytes) === 0x7b /* { */ ? 'jsonl' : 'csv';
}

function notSupported(hint: string | undefined): IngestFileError {
  return new IngestFileError(hint === undefined ? NOT_SUPPORTED : `${NOT_SUPPORTED} (${hint})`, 415);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, i) => bytes[i] === byte);
}

function extensionOf(filename: string | undefined): string | undefined {
  const dot = filename?.lastIndexOf('.') ?? -1;
  return filename !== undefined && dot >= 0
    ? filename
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    : undefined;
}

/** The first byte that is not whitespace, after a UTF-8 BOM. */
function firstNonBlank(bytes: Uint8Array): number | undefined {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  for (; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  }
  return undefined;
}
