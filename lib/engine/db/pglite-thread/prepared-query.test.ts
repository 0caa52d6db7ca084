import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { bindMessage } from './prepared-query';

// The hand-sized Bind message must be byte for byte what pg-protocol's writer makes (text formats).
describe('bindMessage', () => {
  it('matches pg-protocol for text, multi-byte text, empty strings and NULLs', () => {
    const values = ['plain', 'ünïcødé ☃ 𝄞', '', null, 'x'.repeat(70_000)];
    const ours = Buffer.from(bindMessage('quarry_7', values));
    const theirs = Buffer.from(protocol.serialize.bind({ statement: 'quarry_7', values }));
    // pg-protocol lists one format code (0, text) per parameter; we send none, which means all text.
    // Compare everything else: header fields, parameter lengths and bytes, result formats.
    const strip = (b: Buffer, formats: number) => {
      const head = 1 + 4 + 1 + Buffer.byteLength('quarry_7') + 1;
      return Buffer.concat([b.subarray(5, head), b.subarray(head + 2 + formats * 2)]);
    };
    expect(ours.readInt32BE(1)).toBe(ours.length - 1);
    expect(strip(ours, 0).equals(strip(theirs, values.length))).toBe(true);
    expect(ours.readInt16BE(1 + 4 + 1 + 9)).toBe(0);
  });
});
