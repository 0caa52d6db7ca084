import { describe, expect, it } from 'vitest';
import { WEBSITE, WEBSITE_COUNTRY, byteChunks, collect, everySplit, failure } from './__fixtures__/helpers';
import { readJsonlRows } from './read-jsonl-rows';
import { LineSplitter } from './split-lines';
import { IngestFileError } from './types';

const read = (text: string, inputs = WEBSITE) => collect(readJsonlRows([text], inputs));
const line = (value: unknown) => JSON.stringify(value);

describe('readJsonlRows: valid rows', () => {
  it('reads rows in order with 0-based indexes, trimming values and stringifying numbers', async () => {
    const text = [
      line({ data_uuid: 'a', inputs: ['https://example.com/about'] }),
      line({ data_uuid: '  b  ', inputs: ['  example.org  '] }),
      line({ data_uuid: 42, inputs: ['http://localhost:3000/x'] }),
    ].join('\n');
    expect(await read(text)).toEqual({
      rows: [
        { index: 0, data_uuid: 'a', inputs: ['https://example.com/about'] },
        { index: 1, data_uuid: 'b', inputs: ['example.org'] },
        { index: 2, data_uuid: '42', inputs: ['http://localhost:3000/x'] },
      ],
      errors: [],
    });
  });

  it('keeps inputs in task order and accepts numbers for non-url inputs', async () => {
    const { rows } = await read(line({ data_uuid: 'x', inputs: ['example.com', 49] }), WEBSITE_COUNTRY);
    expect(rows).toEqual([{ index: 0, data_uuid: 'x', inputs: ['example.com', '49'] }]);
  });

  it('skips blank and whitespace-only lines without counting them', async () => {
    const text = `\n   \n${line({ data_uuid: 'a', inputs: ['a.com'] })}\n\t\n\n${line({ data_uuid: 'b', inputs: [''] })}\n\n`;
    expect(await read(text)).toEqual({
      rows: [{ index: 0, data_uuid: 'a', inputs: ['a.com'] }],
      errors: [{ error_index: 1, error_message: 'input "website" (inputs[0]) is empty' }],
    });
  });

  it('handles a BOM, CRLF line endings and a missing final newline', async () => {
    const text = `\uFEFF${line({ data_uuid: 'a', inputs: ['a.com'] })}\r\n${line({ data_uuid: 'b', inputs: ['b.com'] })}`;
    const bytes = byteChunks(text, 7);
    expect((await collect(readJsonlRows(bytes, WEBSITE))).rows).toEqual([
      { index: 0, data_uuid: 'a', inputs: ['a.com'] },
      { index: 1, data_uuid: 'b', inputs: ['b.com'] },
    ]);
  });

  it('gives the same rows for every chunk boundary, including inside multi-byte characters', async () => {
    const text = `${line({ data_uuid: '日本-ü-😀', inputs: ['https://münchen.de/straße'] })}\r\n${line({ data_uuid: 'é', inputs: ['b.com'] })}\n`;
    const expected = [
      { index: 0, data_uuid: '日本-ü-😀', inputs: ['https://münchen.de/straße'] },
      { index: 1, data_uuid: 'é', inputs: ['b.com'] },
    ];
    for (const chunks of everySplit(text)) {
      expect(await collect(readJsonlRows(chunks, WEBSITE))).toEqual({ rows: expected, errors: [] });
    }
    expect(await collect(readJsonlRows(byteChunks(text, 1), WEBSITE))).toEqual({
      rows: expected,
      errors: [],
    });
  });
});

describe('readJsonlRows: row errors', () => {
  const cases: [string, string, string?][] = [
    ['{"data_uuid": "a", "inputs": [', 'invalid JSON: {"data_uuid": "a", "inputs": ['],
    ['not json at all', 'invalid JSON: not json at all'],
    [`{"data_uuid": "${'x'.repeat(80)}`, `invalid JSON: {"data_uuid": "${'x'.repeat(45)}…`],
    ['[1, 2]', 'expected a JSON object with "data_uuid" and "inputs", got an array'],
    ['"text"', 'expected a JSON object with "data_uuid" and "inputs", got a string'],
    ['null', 'expected a JSON object with "data_uuid" and "inputs", got null'],
    [line({ inputs: ['a.com'] }), 'data_uuid is missing'],
    [line({ data_uuid: '', inputs: ['a.com'] }), 'data_uuid is empty'],
    [line({ data_uuid: '   ', inputs: ['a.com'] }), 'data_uuid is empty'],
    [line({ data_uuid: null, inputs: ['a.com'] }), 'data_uuid must be a string, got null'],
    [line({ data_uuid: true, inputs: ['a.com'] }), 'data_uuid must be a string, got a boolean'],
    [line({ data_uuid: ['a'], inputs: ['a.com'] }), 'data_uuid must be a string, got an array'],
    [
      line({ data_uuid: 'u'.repeat(201), inputs: ['a.com'] }),
      'data_uuid is 201 characters long; the limit is 200',
    ],
    [line({ data_uuid: 'a' }), 'inputs is missing'],
    [line({ data_uuid: 'a', inputs: { website: 'a.com' } }), 'inputs must be an array, got an object'],
    [line({ data_uuid: 'a', inputs: 'a.com' }), 'inputs must be an array, got a string'],
    [line({ data_uuid: 'a', inputs: ['a.com', 'b.com'] }), 'expected 1 input (website), got 2'],
    [line({ data_uuid: 'a', inputs: [] }), 'expected 1 input (website), got 0'],
    [line({ data_uuid: 'a', inputs: ['a.com'] }), 'expected 2 inputs (website, country), got 1', 'two'],
    [
      line({ data_uuid: 'a', inputs: [{ url: 'a.com' }] }),
      'input "website" (inputs[0]) must be a string or number, got an object',
    ],
    [
      line({ data_uuid: 'a', inputs: [null] }),
      'input "website" (inputs[0]) must be a string or number, got null',
    ],
    [
      line({ data_uuid: 'a', inputs: ['a.com', false] }),
      'input "country" (inputs[1]) must be a string or number, got a boolean',
      'two',
    ],
    [line({ data_uuid: 'a', inputs: [''] }), 'input "website" (inputs[0]) is empty'],
    [line({ data_uuid: 'a', inputs: [' \t '] }), 'input "website" (inputs[0]) is empty'],
    [
      line({ data_uuid: 'a', inputs: [`https://a.com/${'p'.repeat(2035)}`] }),
      'input "website" (inputs[0]) is 2,049 characters long; the limit is 2,048',
    ],
    [
      line({ data_uuid: 'a', inputs: ['file:///etc/passwd'] }),
      'input "website" (inputs[0]) uses the file: scheme; only http and https URLs are accepted: "file:///etc/passwd"',
    ],
    [
      line({ data_uuid: 'a', inputs: ['javascript:alert(1)'] }),
      'input "website" (inputs[0]) uses the javascript: scheme; only http and https URLs are accepted: "javascript:alert(1)"',
    ],
    [
      line({ data_uuid: 'a', inputs: ['FTP://files.example.com/x'] }),
      'input "website" (inputs[0]) uses the ftp: scheme; only http and https URLs are accepted: "FTP://files.example.com/x"',
    ],
    [
      line({ data_uuid: 'a', inputs: ['Acme Inc'] }),
      'input "website" (inputs[0]) is not a URL or domain: "Acme Inc"',
    ],
    [
      line({ data_uuid: 'a', inputs: ['https://'] }),
      'input "website" (inputs[0]) is not a valid URL: "https://"',
    ],
    [
      line({ data_uuid: '', inputs: ['', 'x'.repeat(2049)] }),
      'data_uuid is empty; input "website" (inputs[0]) is empty; input "country" (inputs[1]) is 2,049 characters long; the limit is 2,048',
      'two',
    ],
  ];

  it.each(cases)('%s → %s', async (text, message, which) => {
    const result = await read(`${text}\n`, which === 'two' ? WEBSITE_COUNTRY : WEBSITE);
    expect(result).toEqual({ rows: [], errors: [{ error_index: 0, error_message: message }] });
  });

  it('reports a duplicate data_uuid with the index of its first use, and goes on reading', async () => {
    const text = [
      line({ data_uuid: 'a', inputs: ['a.com'] }),
      line({ data_uuid: 'b', inputs: ['b.com'] }),
      line({ data_uuid: ' a', inputs: ['c.com'] }),
      line({ data_uuid: 'c', inputs: ['c.com'] }),
    ].join('\n');
    expect(await read(text)).toEqual({
      rows: [
        { index: 0, data_uuid: 'a', inputs: ['a.com'] },
        { index: 1, data_uuid: 'b', inputs: ['b.com'] },
        { index: 3, data_uuid: 'c', inputs: ['c.com'] },
      ],
      errors: [{ error_index: 2, error_message: 'data_uuid "a" is a duplicate of the row at index 0' }],
    });
  });

  it('counts the uuid of an invalid row, so a later row with the same uuid is a duplicate', async () => {
    const text = [
      line({ data_uuid: 'a', inputs: ['ftp://a.com'] }),
      line({ data_uuid: 'a', inputs: ['a.com'] }),
    ].join('\n');
    const { errors } = await read(text);
    expect(errors[1]).toEqual({
      error_index: 1,
      error_message: 'data_uuid "a" is a duplicate of the row at index 0',
    });
  });

  it('turns a line over 1 MB into one row error and keeps reading', async () => {
    const huge = line({ data_uuid: 'big', inputs: ['x'.repeat(1_100_000)] });
    const text = `${line({ data_uuid: 'a', inputs: ['a.com'] })}\n${huge}\r\n${line({ data_uuid: 'b', inputs: ['b.com'] })}\n`;
    const result = await collect(readJsonlRows(byteChunks(text, 65_536), WEBSITE));
    expect(result).toEqual({
      rows: [
        { index: 0, data_uuid: 'a', inputs: ['a.com'] },
        { index: 2, data_uuid: 'b', inputs: ['b.com'] },
      ],
      errors: [
        {
          error_index: 1,
          error_message: `line is ${huge.length.toLocaleString('en-US')} characters long; the limit is 1,048,576`,
        },
      ],
    });
  });

  it('reports an over-long last line without a newline', async () => {
    const result = await read('y'.repeat(1_048_577));
    expect(result.errors).toEqual([
      { error_index: 0, error_message: 'line is 1,048,577 characters long; the limit is 1,048,576' },
    ]);
  });
});

describe('readJsonlRows: whole-file errors', () => {
  it('refuses an empty file, or one with only blank lines', async () => {
    for (const text of ['', '\n\n  \r\n']) {
      const error = await failure(() => read(text));
      expect(error).toBeInstanceOf(IngestFileError);
      expect(error).toMatchObject({ message: 'the file has no rows', status: 400 });
    }
  });

  it('refuses text that is not UTF-8, naming where', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"data_uuid":"caf'),
      0xe9,
      ...new TextEncoder().encode('"}\n'),
    ]);
    const error = await failure(() => collect(readJsonlRows([bytes], WEBSITE)));
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'the file is not valid UTF-8 text (invalid bytes near byte 17); save it as UTF-8 (in Excel: "CSV UTF-8") and upload it again',
    });
  });
});

describe('LineSplitter', () => {
  it('never buffers more than the cap of an over-long line', () => {
    const splitter = new LineSplitter(1000);
    const piece = 'z'.repeat(300);
    for (let i = 0; i < 100; i++) {
      expect(splitter.push(piece)).toEqual([]);
      expect((splitter['partial'] as string).length).toBeLessThanOrEqual(1001);
    }
    expect(splitter.push('tail\nnext')).toEqual([{ overLength: 30_004 }]);
    expect(splitter.end()).toBe('next');
  });

  it('strips a CR whose LF arrives in the next chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('abc\r')).toEqual([]);
    expect(splitter.push('\ndef')).toEqual(['abc']);
    expect(splitter.end()).toBe('def');
    expect(splitter.end()).toBeUndefined();
  });
});
