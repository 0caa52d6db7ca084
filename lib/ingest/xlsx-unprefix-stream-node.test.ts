import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { byteChunks, everySplit } from './__fixtures__/helpers';
import { unprefixPart } from './xlsx-prefix';
import { unprefixStream } from './xlsx-unprefix-stream-node';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PREFIXED =
  `<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet xmlns:x="${MAIN}"><x:sheetData>` +
  `<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Müller 東京 😀</x:t></x:is></x:c></x:row>` +
  `</x:sheetData></x:worksheet>`;
const PLAIN = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c><v>1</v></c></row></sheetData></worksheet>`;

async function through(chunks: Uint8Array[]): Promise<string> {
  return (
    await buffer(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(unprefixStream()))
  ).toString('utf8');
}

describe('unprefixStream', () => {
  it('gives what unprefixPart gives, wherever the chunks are cut', async () => {
    const expected = unprefixPart(PREFIXED);
    expect(expected).toContain('<row r="1"><c r="A1" t="inlineStr"><is><t>Müller 東京 😀</t></is></c></row>');
    for (const split of everySplit(PREFIXED)) expect(await through(split)).toBe(expected);
    for (const size of [1, 2, 3, 7]) expect(await through(byteChunks(PREFIXED, size))).toBe(expected);
  });

  it('passes a part without a prefix through unchanged, cut anywhere', async () => {
    for (const split of everySplit(PLAIN)) expect(await through(split)).toBe(PLAIN);
  });

  it('passes on a part with no root tag in its first 64 KiB as it is', async () => {
    const odd = `<?xml version="1.0"?>${' '.repeat(100_000)}<x:sst xmlns:x="${MAIN}"><x:si/></x:sst>`;
    expect(await through(byteChunks(odd, 16_384))).toBe(odd);
    expect(await through([new TextEncoder().encode('<?xml')])).toBe('<?xml');
  });
});
