import { describe, expect, it } from 'vitest';
import { WEBSITE, WEBSITE_COUNTRY, byteChunks, collect, everySplit, failure } from './__fixtures__/helpers';
import { readCsvHeader } from './read-csv-header';
import { readCsvRows } from './read-csv-rows';
import { readJsonlRows } from './read-jsonl-rows';
import { IngestFileError, type CsvOptions } from './types';

const read = (text: string | (string | Uint8Array)[], inputs = WEBSITE, options?: CsvOptions) =>
  collect(readCsvRows(Array.isArray(text) ? text : [text], inputs, options));

async function fileError(text: string, inputs = WEBSITE, options?: CsvOptions): Promise<IngestFileError> {
  const error = await failure(() => read(text, inputs, options));
  expect(error).toBeInstanceOf(IngestFileError);
  return error as IngestFileError;
}

describe('readCsvRows: CSV syntax', () => {
  it('reads quoted commas, escaped quotes and CRLF line endings', async () => {
    const text =
      'data_uuid,website,country\r\na,"https://a.com/x,y",France\r\n"b ""2""",b.com,"Côte d\'Ivoire, West"\r\n';
    expect(await read(text, WEBSITE_COUNTRY)).toEqual({
      rows: [
        { index: 0, data_uuid: 'a', inputs: ['https://a.com/x,y', 'France'] },
        { index: 1, data_uuid: 'b "2"', inputs: ['b.com', "Côte d'Ivoire, West"] },
      ],
      errors: [],
    });
  });

  it('reads a quoted newline wherever the chunks are cut, even inside multi-byte characters', async () => {
    const text = '\uFEFFid,Website,Country\r\n1,a.com,"Multi\r\nline ü"\r\n2,"b.com","日本\n😀"\n3,c.com,x';
    const expected = [
      { index: 0, data_uuid: 'row-0', inputs: ['a.com', 'Multi\r\nline ü'] },
      { index: 1, data_uuid: 'row-1', inputs: ['b.com', '日本\n😀'] },
      { index: 2, data_uuid: 'row-2', inputs: ['c.com', 'x'] },
    ];
    for (const chunks of everySplit(text)) {
      expect(await read(chunks, WEBSITE_COUNTRY)).toEqual({ rows: expected, errors: [] });
    }
    expect(await read(byteChunks(text, 1), WEBSITE_COUNTRY)).toEqual({ rows: expected, errors: [] });
  });

  it('reads files larger than the delimiter sample in small chunks like the whole text', async () => {
    const lines = ['data_uuid;website;country'];
    for (let i = 0; i < 3000; i++)
      lines.push(`id-${i};"https://site-${i}.example.com/a;b";"Line ${i}\nsecond ""q"""`);
    const text = lines.join('\r\n');
    const whole = await read(text, WEBSITE_COUNTRY);
    expect(whole.errors).toEqual([]);
    expect(whole.rows).toHaveLength(3000);
    expect(whole.rows[2999]).toEqual({
      index: 2999,
      data_uuid: 'id-2999',
      inputs: ['https://site-2999.example.com/a;b', 'Line 2999\nsecond "q"'],
    });
    expect(await read(byteChunks(text, 997), WEBSITE_COUNTRY)).toEqual(whole);
  });

  it('reads the header with and without a BOM', async () => {
    for (const text of ['\uFEFFwebsite\na.com\n', 'website\na.com\n']) {
      expect((await read(text)).rows).toEqual([{ index: 0, data_uuid: 'row-0', inputs: ['a.com'] }]);
    }
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('website\na.com')]);
    expect((await read(byteChunks(bom, 2))).rows).toEqual([
      { index: 0, data_uuid: 'row-0', inputs: ['a.com'] },
    ]);
  });

  it('detects tab and semicolon delimiters', async () => {
    const expected = [{ index: 0, data_uuid: 'x', inputs: ['a.com', 'Spain, mainland'] }];
    expect(
      (await read('data_uuid\twebsite\tcountry\nx\ta.com\tSpain, mainland\n', WEBSITE_COUNTRY)).rows,
    ).toEqual(expected);
    expect(
      (await read('data_uuid;website;country\nx;a.com;Spain, mainland\n', WEBSITE_COUNTRY)).rows,
    ).toEqual(expected);
  });

  it('uses an explicit delimiter', async () => {
    const { rows } = await read('website|country\na.com|x,y\n', WEBSITE_COUNTRY, { delimiter: '|' });
    expect(rows).toEqual([{ index: 0, data_uuid: 'row-0', inputs: ['a.com', 'x,y'] }]);
  });

  it('refuses blank rows between data rows as "empty row", keeping later numbers; drops trailing ones', async () => {
    const text = 'website,country\n\n,\n a.com ,x\n  ,  \n\r\nb.com,\n\n,,\n';
    expect(await read(text, WEBSITE_COUNTRY)).toEqual({
      rows: [{ index: 2, data_uuid: 'row-2', inputs: ['a.com', 'x'] }],
      errors: [
        { error_index: 0, error_message: 'empty row' },
        { error_index: 1, error_message: 'empty row' },
        { error_index: 3, error_message: 'empty row' },
        { error_index: 4, error_message: 'empty row' },
        { error_index: 5, error_message: 'input "country" (column "country") is empty' },
      ],
    });
  });

  it("numbers a one-column file's rows as the spreadsheet does, a blank line included", async () => {
    const lines = [
      'website',
      ...Array.from({ length: 19 }, (_, i) => `s${i}.example.com`),
      '',
      'last.example.com',
    ];
    const { rows, errors } = await read(lines.join('\n') + '\n', WEBSITE);
    expect(errors).toEqual([{ error_index: 19, error_message: 'empty row' }]);
    // Spreadsheet row = index + 2: "last.example.com" is on line 22 of the file.
    expect(rows.at(-1)).toEqual({ index: 20, data_uuid: 'row-20', inputs: ['last.example.com'] });
  });

  it('reports malformed and unclosed quotes as row errors', async () => {
    // papaparse reads a stray quote's field on to the next quote that closes a field: here through
    // the "b.com" line, so that line is part of the malformed record and c.com is the next row.
    expect(await read('website\n"a.com" x\n"b.com"\nc.com\n')).toEqual({
      rows: [{ index: 1, data_uuid: 'row-1', inputs: ['c.com'] }],
      errors: [
        {
          error_index: 0,
          error_message:
            'malformed quotes: a quoted field must end with " followed by the delimiter or the end of the line',
        },
      ],
    });
    expect(await read('website\na.com\n"b.com\n')).toEqual({
      rows: [{ index: 0, data_uuid: 'row-0', inputs: ['a.com'] }],
      errors: [{ error_index: 1, error_message: 'a quoted field is never closed (missing ")' }],
    });
  });

  it('stops with a file error when an unclosed quote would buffer more than 4 MiB', async () => {
    const chunks = [
      'website\na.com\n"b.com\n',
      ...Array.from({ length: 80 }, () => `${'x'.repeat(65_535)}\n`),
    ];
    const error = await failure(() => read(chunks));
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'a record starting at data row 1 is longer than 4,194,304 characters; check for a quote (") that is never closed',
    });
  });
});

describe('readCsvRows: columns', () => {
  it('matches headers case-insensitively, trimmed, with spaces and dashes as underscores', async () => {
    const inputs = [
      { name: 'company_name', type: 'string' as const, description: '' },
      { name: 'website', type: 'url' as const, description: '' },
    ];
    const { rows } = await read('Notes, Company-Name , WEBSITE ,Data UUID\nhi,Acme,acme.com,u1\n', inputs);
    expect(rows).toEqual([{ index: 0, data_uuid: 'u1', inputs: ['Acme', 'acme.com'] }]);
  });

  it('takes a url-like column for a single url input without a matching column', async () => {
    const { rows } = await read('Company,LinkedIn URL,Company Website\nAcme,linkedin.com/acme,acme.com\n');
    expect(rows).toEqual([{ index: 0, data_uuid: 'row-0', inputs: ['acme.com'] }]);
    const domain = await read('Company,Domain\nAcme,acme.com\n');
    expect(domain.rows).toEqual([{ index: 0, data_uuid: 'row-0', inputs: ['acme.com'] }]);
  });

  it('names the missing columns and the columns found', async () => {
    expect(
      (
        await fileError('name,homepage_text\nAcme,x\n', [
          { name: 'company', type: 'string', description: '' },
        ])
      ).message,
    ).toBe('missing column for input "company"; columns found: "name", "homepage_text"');
    const both = [
      { name: 'company', type: 'string' as const, description: '' },
      { name: 'country', type: 'string' as const, description: '' },
    ];
    const error = await fileError('name,city\nAcme,Paris\n', both);
    expect(error).toMatchObject({
      status: 400,
      message: 'missing columns for inputs "company", "country"; columns found: "name", "city"',
    });
    expect((await fileError('website,city\na.com,Paris\n', WEBSITE_COUNTRY)).message).toBe(
      'missing column for input "country"; columns found: "website", "city"',
    );
  });

  it('follows an explicit column mapping and uuid column', async () => {
    const text = 'ID,Site A,Site B,Land\nx1,a.com,b.com,FR\n';
    const { rows } = await read(text, WEBSITE_COUNTRY, {
      columns: { website: 'Site B', country: 'land' },
      uuidColumn: 'ID',
    });
    expect(rows).toEqual([{ index: 0, data_uuid: 'x1', inputs: ['b.com', 'FR'] }]);
    expect((await fileError(text, WEBSITE, { columns: { website: 'Site C' } })).message).toBe(
      'mapped column "Site C" not found; columns found: "ID", "Site A", "Site B", "Land"',
    );
    expect(
      (await fileError(text, WEBSITE, { columns: { website: 'Site A' }, uuidColumn: 'Key' })).message,
    ).toBe('mapped column "Key" not found; columns found: "ID", "Site A", "Site B", "Land"');
  });

  it('validates the uuid column like JSONL, naming the column', async () => {
    const text = 'website,ID,data_uuid\na.com,1,u1\nb.com,2,\nc.com,3,u1\nd.com,4,u2\n';
    expect(await read(text, WEBSITE, { uuidColumn: 'data_uuid' })).toEqual({
      rows: [
        { index: 0, data_uuid: 'u1', inputs: ['a.com'] },
        { index: 3, data_uuid: 'u2', inputs: ['d.com'] },
      ],
      errors: [
        { error_index: 1, error_message: 'data_uuid (column "data_uuid") is empty' },
        {
          error_index: 2,
          error_message: 'data_uuid (column "data_uuid") "u1" is a duplicate of the row at index 0',
        },
      ],
    });
  });

  it('validates inputs like JSONL, naming the column, and treats missing cells as empty', async () => {
    const text = 'Website,country\nftp://a.com,FR\nb.com\n';
    expect(await read(text, WEBSITE_COUNTRY)).toEqual({
      rows: [],
      errors: [
        {
          error_index: 0,
          error_message:
            'input "website" (column "Website") uses the ftp: scheme; only http and https URLs are accepted: "ftp://a.com"',
        },
        { error_index: 1, error_message: 'input "country" (column "country") is empty' },
      ],
    });
  });

  it('refuses an empty file and a header without rows', async () => {
    for (const text of ['', '\r\n', 'website\n', 'website\r\n\r\n,\n']) {
      expect(await fileError(text)).toMatchObject({ status: 400, message: 'the file has no rows' });
    }
  });
});

describe('CSV and JSONL agree', () => {
  it('gives identical rows and errors for the same data', async () => {
    const data: [string, string, string][] = [
      ['a', 'https://a.com/x,y', 'France'],
      ['b', '  b.com ', 'Côte d\'Ivoire "CI"'],
      ['c', 'javascript:alert(1)', 'x'],
      ['a', 'c.com', 'dup'],
      ['d', 'd.com', ''],
    ];
    const jsonl = data
      .map(([id, site, country]) => JSON.stringify({ data_uuid: id, inputs: [site, country] }))
      .join('\n');
    const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const csv = ['data_uuid,website,country', ...data.map((row) => row.map(quote).join(','))].join('\r\n');
    const fromJsonl = await collect(readJsonlRows([jsonl], WEBSITE_COUNTRY));
    const fromCsv = await read(csv, WEBSITE_COUNTRY);
    expect(fromCsv.rows).toEqual(fromJsonl.rows);
    expect(fromCsv.rows).toHaveLength(2);
    // Same problems at the same indexes; only the label of where the value came from differs.
    const normalize = (message: string) => message.replace(/ \((?:inputs\[\d\]|column "[^"]+")\)/g, '');
    expect(fromCsv.errors.map((e) => ({ ...e, error_message: normalize(e.error_message) }))).toEqual(
      fromJsonl.errors.map((e) => ({ ...e, error_message: normalize(e.error_message) })),
    );
    expect(fromJsonl.errors.map((e) => e.error_index)).toEqual([2, 3, 4]);
  });
});

describe('readCsvHeader', () => {
  it('reads the first non-blank record, trimmed, from the start of the file', async () => {
    expect(await readCsvHeader(['\uFEFF\r\n  \r\n Company ;"Web; site";ID\r\nAcme;a.com;1\r\n'])).toEqual([
      'Company',
      'Web; site',
      'ID',
    ]);
    expect(await readCsvHeader(byteChunks('name\tsite\nAcme\ta.com\n', 3))).toEqual(['name', 'site']);
    expect(await readCsvHeader([''])).toEqual([]);
  });

  it('stops reading after the first kilobytes', async () => {
    let pulled = 0;
    function* chunks() {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield i === 0 ? 'website,country\n' : 'a.com,FR\n'.repeat(100);
      }
    }
    expect(await readCsvHeader(chunks())).toEqual(['website', 'country']);
    expect(pulled).toBeLessThan(30);
  });
});
