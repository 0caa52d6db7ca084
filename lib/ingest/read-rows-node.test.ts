import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WEBSITE, WEBSITE_COUNTRY, byteChunks, collect, everySplit, failure } from './__fixtures__/helpers';
import { decodeUtf8Node } from './decode-utf8-node';
import { readRows } from './read-rows-node';
import { IngestFileError } from './types';

const JSONL = '{"data_uuid":"a","inputs":["a.com"]}\n{"data_uuid":"b","inputs":["ftp://b.com"]}\n';
const stream = (chunks: (Uint8Array | string)[]) => Readable.from(chunks, { objectMode: false });

describe('readRows', () => {
  it('reads JSONL, detected by name or by content', async () => {
    const expected = {
      rows: [{ index: 0, data_uuid: 'a', inputs: ['a.com'] }],
      errors: [
        {
          error_index: 1,
          error_message:
            'input "website" (inputs[0]) uses the ftp: scheme; only http and https URLs are accepted: "ftp://b.com"',
        },
      ],
    };
    expect(await collect(readRows(stream(byteChunks(JSONL, 5)), 'batch.jsonl', WEBSITE))).toEqual(expected);
    expect(await collect(readRows(stream([JSONL]), undefined, WEBSITE))).toEqual(expected);
  });

  it('reads CSV, and TSV with the delimiter taken from the .tsv name', async () => {
    const csv = 'data_uuid,website,country\nx,a.com,"Spain, mainland"\n';
    expect((await collect(readRows(stream(byteChunks(csv, 3)), 'sheet.csv', WEBSITE_COUNTRY))).rows).toEqual([
      { index: 0, data_uuid: 'x', inputs: ['a.com', 'Spain, mainland'] },
    ]);
    // One column whose values hold commas: only the name tells that commas are not delimiters.
    const tsv = 'website\nhttps://a.com/x,y\nhttps://b.com/x,y\n';
    expect((await collect(readRows(stream([tsv]), 'sites.tsv', WEBSITE))).rows).toEqual([
      { index: 0, data_uuid: 'row-0', inputs: ['https://a.com/x,y'] },
      { index: 1, data_uuid: 'row-1', inputs: ['https://b.com/x,y'] },
    ]);
  });

  it('passes column options through to CSV', async () => {
    const csv = 'Key,Primary,Other\nk1,a.com,b.com\n';
    const rows = (
      await collect(
        readRows(stream([csv]), 'x.csv', WEBSITE, { columns: { website: 'Other' }, uuidColumn: 'Key' }),
      )
    ).rows;
    expect(rows).toEqual([{ index: 0, data_uuid: 'k1', inputs: ['b.com'] }]);
  });

  it('refuses a binary upload with 415 before any row, and releases the stream', async () => {
    const source = stream([new TextEncoder().encode('%PDF-1.4\n'), new Uint8Array(10_000)]);
    const error = await failure(() => collect(readRows(source, 'rows.csv', WEBSITE)));
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({
      status: 415,
      message: 'file is not a JSONL, CSV or XLSX file (it is a PDF)',
    });
    expect(source.destroyed).toBe(true);
  });

  it('refuses invalid UTF-8 with 400, naming the byte offset', async () => {
    const bytes = Buffer.concat([
      Buffer.from('website\na.com\n'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    ]);
    const error = await failure(() => collect(readRows(stream(byteChunks(bytes, 4)), 'x.csv', WEBSITE)));
    expect(error).toMatchObject({
      status: 400,
      message:
        'the file is not valid UTF-8 text (invalid bytes near byte 17); save it as UTF-8 (in Excel: "CSV UTF-8") and upload it again',
    });
  });

  it('accepts a stream that was given an encoding (string chunks)', async () => {
    const source = stream(byteChunks(JSONL, 8));
    source.setEncoding('utf8');
    expect((await collect(readRows(source, 'x.jsonl', WEBSITE))).rows).toHaveLength(1);
  });

  it('destroys the stream when the consumer stops early', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `{"data_uuid":"r${i}","inputs":["s${i}.com"]}\n`);
    const source = stream(byteChunks(lines.join(''), 1024));
    let seen = 0;
    for await (const item of readRows(source, 'x.jsonl', WEBSITE)) {
      expect(item).toEqual({ kind: 'row', row: { index: 0, data_uuid: 'r0', inputs: ['s0.com'] } });
      seen++;
      break;
    }
    expect(seen).toBe(1);
    expect(source.destroyed).toBe(true);
  });
});

describe('decodeUtf8Node', () => {
  const decode = async (chunks: Uint8Array[]) => {
    let text = '';
    for await (const part of decodeUtf8Node(chunks)) text += part;
    return text;
  };

  it('keeps characters split across chunks whole and drops a BOM', async () => {
    const text = '\uFEFFaé日本😀z';
    for (const chunks of everySplit(text)) expect(await decode(chunks)).toBe('aé日本😀z');
    expect(await decode(byteChunks(text, 1))).toBe('aé日本😀z');
  });

  it('refuses invalid and truncated sequences', async () => {
    for (const bytes of [
      [0x61, 0xff, 0x62],
      [0x61, 0xc3],
      [0x61, 0xe6, 0x97],
    ]) {
      const error = await failure(() => decode([new Uint8Array(bytes)]));
      expect(error).toBeInstanceOf(IngestFileError);
      expect((error as IngestFileError).message).toMatch(
        /^the file is not valid UTF-8 text \(invalid bytes near byte 1\)/,
      );
    }
  });
});
