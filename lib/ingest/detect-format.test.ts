import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';
import { IngestFileError } from './types';

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...values: number[]) => new Uint8Array(values);

function refusal(filename: string | undefined, firstBytes: Uint8Array): IngestFileError {
  try {
    detectFormat(filename, firstBytes);
  } catch (error) {
    expect(error).toBeInstanceOf(IngestFileError);
    return error as IngestFileError;
  }
  throw new Error('expected detectFormat to refuse the file');
}

describe('detectFormat', () => {
  it('recognises XLSX by its zip signature before the name', () => {
    expect(detectFormat('sheet.xlsx', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe('xlsx');
    expect(detectFormat('rows.csv', bytes(0x50, 0x4b, 0x03, 0x04))).toBe('xlsx');
    expect(detectFormat(undefined, bytes(0x50, 0x4b, 0x05, 0x06))).toBe('xlsx');
  });

  it('refuses binary files with 415', () => {
    const cases: [Uint8Array, string][] = [
      [text('%PDF-1.7\n'), 'file is not a JSONL, CSV or XLSX file (it is a PDF)'],
      [
        bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a),
        'file is not a JSONL, CSV or XLSX file (it is a PNG image)',
      ],
      [bytes(0xff, 0xd8, 0xff, 0xe0), 'file is not a JSONL, CSV or XLSX file (it is a JPEG image)'],
      [text('GIF89a'), 'file is not a JSONL, CSV or XLSX file (it is a GIF image)'],
      [
        bytes(0x1f, 0x8b, 0x08),
        'file is not a JSONL, CSV or XLSX file (it is gzip-compressed; upload it uncompressed)',
      ],
      [
        bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
        'file is not a JSONL, CSV or XLSX file (legacy .xls workbooks are not supported; save it as .xlsx or CSV)',
      ],
      [
        bytes(0xff, 0xfe, 0x77, 0x00),
        'file is not a JSONL, CSV or XLSX file (it is UTF-16 text; save it as UTF-8 (in Excel: "CSV UTF-8"))',
      ],
      [
        bytes(0x77, 0x65, 0x62, 0x00, 0x01),
        'file is not a JSONL, CSV or XLSX file (it contains binary data)',
      ],
    ];
    for (const [firstBytes, message] of cases) {
      const error = refusal('rows.csv', firstBytes);
      expect(error.status).toBe(415);
      expect(error.message).toBe(message);
    }
  });

  it('uses the extension for text files', () => {
    for (const name of ['a.jsonl', 'a.NDJSON', 'a.json'])
      expect(detectFormat(name, text('website\n'))).toBe('jsonl');
    for (const name of ['a.csv', 'a.TSV'])
      expect(detectFormat(name, text('{"data_uuid":"a"}\n'))).toBe('csv');
  });

  it('sniffs the content when the name does not tell', () => {
    expect(detectFormat(undefined, text('\uFEFF \r\n {"data_uuid":"a","inputs":["a.com"]}'))).toBe('jsonl');
    expect(detectFormat('upload.txt', text('{"data_uuid":"a"}'))).toBe('jsonl');
    expect(detectFormat('upload', text('website\na.com\n'))).toBe('csv');
    expect(detectFormat('sheet.xlsx', text('website\na.com\n'))).toBe('csv');
    expect(detectFormat(undefined, new Uint8Array())).toBe('csv');
  });
});
