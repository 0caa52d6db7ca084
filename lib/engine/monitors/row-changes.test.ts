import { describe, expect, it } from 'vitest';
import { changesToAlert, diffRun, type FieldShape, type RunRow } from './row-changes';

const fields: FieldShape[] = [
  { name: 'price', type: 'money' },
  { name: 'email', type: 'email' },
];
const ok = (data_uuid: string, data_json: Record<string, unknown>): RunRow => ({
  data_uuid,
  status: 'succeeded',
  data_json,
  list_data_json: [],
});

describe('diffRun', () => {
  it('finds new, changed, unchanged and removed rows; a value written differently is unchanged', () => {
    const first = diffRun(
      new Map(),
      [ok('a', { price: '€49', email: 'a@x.example' }), ok('b', { price: 10, email: null })],
      fields,
    );
    expect(first.counts).toEqual({ new: 2, changed: 0, unchanged: 0, removed: 0, failed: 0 });

    const second = diffRun(
      first.baseline,
      [ok('a', { price: '49.00', email: 'A@x.example' }), ok('c', { price: 5, email: 'c@x.example' })],
      fields,
    );
    expect(second.counts).toEqual({ new: 1, changed: 0, unchanged: 1, removed: 1, failed: 0 });
    expect(second.changes).toContainEqual({
      kind: 'removed',
      data_uuid: 'b',
      last: { price: 10, email: null },
    });

    const third = diffRun(
      second.baseline,
      [ok('a', { price: '€59', email: 'a@x.example' }), ok('c', { price: 5, email: 'c@x.example' })],
      fields,
    );
    expect(third.changes).toEqual([
      { kind: 'changed', data_uuid: 'a', fields: [{ field: 'price', old: '49.00', new: '€59' }] },
    ]);
  });

  it('reports a failed row as a failure and compares its next answer with the one before the failure', () => {
    const first = diffRun(new Map(), [ok('a', { price: '€49', email: 'a@x.example' })], fields);
    const failed = diffRun(
      first.baseline,
      [{ data_uuid: 'a', status: 'failed', data_json: null, list_data_json: null, error: 'HTTP 503' }],
      fields,
    );
    expect(failed.changes).toEqual([{ kind: 'failed', data_uuid: 'a', error: 'HTTP 503' }]);
    expect(failed.counts.removed).toBe(0);
    const back = diffRun(failed.baseline, [ok('a', { price: '€49', email: 'a@x.example' })], fields);
    expect(back.counts).toEqual({ new: 0, changed: 0, unchanged: 1, removed: 0, failed: 0 });
  });

  it('compares a list task column as a set of values', () => {
    const listFields: FieldShape[] = [{ name: 'title', type: 'string' }];
    const row = (titles: string[]): RunRow => ({
      data_uuid: 'jobs',
      status: 'succeeded',
      list: true,
      data_json: {},
      list_data_json: titles.map((title) => ({ title })),
    });
    const first = diffRun(new Map(), [row(['Engineer', 'Designer'])], listFields);
    expect(diffRun(first.baseline, [row(['Designer', 'Engineer'])], listFields).counts.unchanged).toBe(1);
    const more = diffRun(first.baseline, [row(['Designer', 'Engineer', 'Analyst'])], listFields);
    expect(more.changes[0]).toMatchObject({ kind: 'changed', fields: [{ field: 'title' }] });
  });
});

describe('changesToAlert', () => {
  const changes = diffRun(
    new Map([
      ['a', { price: '€100', email: 'a@x.example' }],
      ['b', { price: '€100', email: 'b@x.example' }],
    ]),
    [ok('a', { price: '€104', email: 'new@x.example' }), ok('b', { price: '€120', email: 'b@x.example' })],
    fields,
  ).changes;

  it('lets every change through for "any"', () => {
    expect(changesToAlert(changes, { kind: 'any' })).toHaveLength(2);
  });
  it('keeps only the named fields', () => {
    const out = changesToAlert(changes, { kind: 'fields', fields: ['email'] });
    expect(out).toEqual([
      {
        kind: 'changed',
        data_uuid: 'a',
        fields: [{ field: 'email', old: 'a@x.example', new: 'new@x.example' }],
      },
    ]);
  });
  it('keeps numbers that moved by more than the percentage', () => {
    const out = changesToAlert(changes, { kind: 'number_move', fields: ['price'], percent: 10 });
    expect(out.map((c) => c.data_uuid)).toEqual(['b']);
  });
  it('never alerts on failures', () => {
    const failed = [{ kind: 'failed' as const, data_uuid: 'x', error: 'boom' }];
    expect(changesToAlert(failed, { kind: 'any' })).toEqual([]);
  });
});
