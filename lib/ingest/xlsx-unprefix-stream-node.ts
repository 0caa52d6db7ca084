import { Transform, type TransformCallback } from 'node:stream';
import { rootTagEnd, spreadsheetMlPrefix, unprefixTags } from './xlsx-prefix';

// The streaming form of unprefixPart (xlsx-prefix.ts), for one part of a workbook as it is inflated.
// The bytes are handled as latin1 text, one character per byte, so UTF-8 characters cut by a chunk
// boundary pass through intact; only ASCII tags are touched.

/** How much of a part is read looking for its root tag before passing it on unchanged. */
const HEAD_LIMIT = 64 * 1024;

export function unprefixStream(): Transform {
  let head = ''; // the part's start, until its root tag is complete
  let prefix: string | null | undefined; // undefined until the root tag is read; null: nothing to do
  let carry = ''; // a '<' at a chunk's end whose tag name may go on in the next chunk

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (prefix === null) return done(null, chunk);
      let text = chunk.toString('latin1');
      if (prefix === undefined) {
        head += text;
        const end = rootTagEnd(head);
        if (end === -1 && head.length <= HEAD_LIMIT) return done();
        prefix = end === -1 ? null : spreadsheetMlPrefix(head.slice(0, end + 1));
        text = head;
        head = '';
        if (prefix === null) return done(null, Buffer.from(text, 'latin1'));
      }
      text = carry + text;
      const lastOpen = text.lastIndexOf('<');
      const keep = lastOpen !== -1 && text.length - lastOpen < prefix.length + 3 ? lastOpen : text.length;
      carry = text.slice(keep);
      done(null, Buffer.from(unprefixTags(text.slice(0, keep), prefix), 'latin1'));
    },
    flush(done: TransformCallback) {
      const rest = head + carry;
      if (rest === '') return done();
      done(null, Buffer.from(prefix ? unprefixTags(rest, prefix) : rest, 'latin1'));
    },
  });
}
