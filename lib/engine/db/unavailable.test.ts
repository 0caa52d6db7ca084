import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it('recognises a restarting or unreachable PostgreSQL, also when wrapped', () => {
    expect(isStoreUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      true,
    );
    expect(isStoreUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isStoreUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: withCode('x', '08006') });
    expect(isStoreUnavailable(wrapped)).toBe(true);
    expect(isStoreUnavailable(new AggregateError([withCode('a', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves ordinary failures alone', () => {
    expect(isStoreUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isStoreUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isStoreUnavailable('boom')).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
  });
});
