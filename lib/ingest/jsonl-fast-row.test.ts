import { describe, expect, it } from 'vitest';
import { fastJsonlRow } from './jsonl-fast-row';

// The fast path must never disagree with JSON.parse: whenever it answers, the line is a JSON object
// with exactly data_uuid (a string) and inputs (an array of strings), and those values are equal.
function agreesWithJsonParse(line: string): void {
  const fast = fastJsonlRow(line);
  if (fast === undefined) return;
  const parsed = JSON.parse(line) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['data_uuid', 'inputs']);
  expect(parsed).toEqual({ data_uuid: fast[0], inputs: fast[1] });
}

describe('fastJsonlRow', () => {
  it('reads the common shape, with any number of inputs', () => {
    expect(fastJsonlRow('{"data_uuid":"a-1","inputs":["https://x.example/"]}')).toEqual([
      'a-1',
      ['https://x.example/'],
    ]);
    expect(fastJsonlRow('{"data_uuid":"","inputs":["", " b ","c"]}')).toBeUndefined(); // space after a comma
    expect(fastJsonlRow('{"data_uuid":"","inputs":[""," b ","c"]}')).toEqual(['', ['', ' b ', 'c']]);
    expect(fastJsonlRow('{"data_uuid":"u","inputs":[]}')).toEqual(['u', []]);
    expect(fastJsonlRow('{"data_uuid":"ü ☃ 𝄞","inputs":["é"]}')).toEqual(['ü ☃ 𝄞', ['é']]);
  });

  it('leaves every other line to JSON.parse', () => {
    for (const line of [
      '{"data_uuid": "a","inputs":["x"]}', // spacing
      '{"inputs":["x"],"data_uuid":"a"}', // key order
      '{"data_uuid":"a","inputs":["x"],"extra":1}', // other keys
      '{"data_uuid":"a\\"b","inputs":["x"]}', // escapes
      '{"data_uuid":"a","inputs":["x\\u0041"]}',
      '{"data_uuid":"a\tb","inputs":["x"]}', // a raw control character (invalid JSON)
      '{"data_uuid":1,"inputs":["x"]}', // a number
      '{"data_uuid":"a","inputs":["x",1]}',
      '{"data_uuid":"a","inputs":[["x"]]}',
      '{"data_uuid":"a","inputs":"x"}',
      '{"data_uuid":"a","inputs":["x",]}', // invalid JSON
      '{"data_uuid":"a","inputs":["x"]} ', // trailing space
      '{"data_uuid":"a","inputs":["x"]}}',
      '{"data_uuid":"a","inputs":["x"]',
      '{"data_uuid":"a","inputs":["x',
      '{"data_uuid":"a',
      '',
    ]) {
      expect(fastJsonlRow(line), line).toBeUndefined();
    }
  });

  it('never disagrees with JSON.parse on random lines near the common shape', () => {
    // Deterministic pseudo-random generator, so a failure can be replayed.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pieces = [
      '"',
      '\\',
      ',',
      '[',
      ']',
      '{',
      '}',
      ':',
      ' ',
      'a',
      'é',
      '\t',
      '"inputs"',
      '"data_uuid"',
      '1',
      '\\"',
      '\\n',
    ];
    const template = (u: string, xs: string[]) =>
      `{"data_uuid":"${u}","inputs":[${xs.map((x) => `"${x}"`).join(',')}]}`;
    const randomText = () => Array.from({ length: rand(4) }, () => pieces[rand(pieces.length)]).join('');
    let answered = 0;
    for (let n = 0; n < 20_000; n++) {
      let line = template(randomText(), Array.from({ length: rand(3) }, randomText));
      // Sometimes damage the line: drop, insert or swap one character.
      const at = rand(line.length);
      const op = rand(4);
      if (op === 1) line = line.slice(0, at) + line.slice(at + 1);
      else if (op === 2) line = line.slice(0, at) + pieces[rand(pieces.length)] + line.slice(at);
      else if (op === 3)
        line = line.slice(0, at) + line.slice(at + 1, at + 2) + line.charAt(at) + line.slice(at + 2);
      if (fastJsonlRow(line) !== undefined) answered++;
      agreesWithJsonParse(line);
    }
    expect(answered).toBeGreaterThan(1000); // the fast path is really exercised
  });

  it('answers for every JSON.stringify-ed row whose strings need no escaping', () => {
    for (const [u, xs] of [
      ['row-1', ['https://a.example/']],
      ['x', ['a', 'b', 'c']],
      ['', []],
    ] as [string, string[]][]) {
      const line = JSON.stringify({ data_uuid: u, inputs: xs });
      expect(fastJsonlRow(line)).toEqual([u, xs]);
    }
  });
});
