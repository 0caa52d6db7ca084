import { expect, it } from 'vitest';
import { resultBlockRow, serializedBlockRow, type BlockEntry } from './result-blocks';

// The worker serializes each result as its job finishes and joins the texts into the block later;
// readers JSON.parse the body, so it must be exactly the text of the entries themselves.
const entries: BlockEntry[] = [
  [
    7,
    'succeeded',
    { data: { name: 'Acme "Ltd"', note: 'line\nbreak', emoji: '😀', n: 1.5 }, list: [1, null] },
    false,
    null,
  ],
  [3, 'failed', null, true, 'timed out after 15 s: "upstream"'],
  [12, 'succeeded', undefined, false, null],
  [4, 'failed', { data: {} }, true, 'ünïcödé \u2028 separator'],
];

it('builds the body JSON.stringify would give from serialized results', () => {
  const serialized = serializedBlockRow(
    'batch_x',
    entries.map(([seq, state, result, ed, error]) => [seq, state, JSON.stringify(result ?? null), ed, error]),
  );
  expect(serialized.body).toBe(JSON.stringify(entries));
  expect(JSON.parse(serialized.body)).toEqual(entries.map((e) => [e[0], e[1], e[2] ?? null, e[3], e[4]]));
  expect(serialized).toEqual(resultBlockRow('batch_x', entries));
  expect(serialized).toMatchObject({ minSeq: 3, maxSeq: 12, seqs: [7, 3, 12, 4] });
});

it('writes an empty block as an empty array', () => {
  expect(serializedBlockRow('batch_x', []).body).toBe('[]');
});
