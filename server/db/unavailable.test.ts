import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

function coded(code: string, message = 'driver error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08003',
    '08006',
    '08P01',
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_LOCKED',
    'SQLITE_LOCKED_SHAREDCACHE',
  ])('treats %s as unavailable', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each([
    '23505', // unique_violation: the query's fault
    '42P01', // undefined_table
    '57014', // query_canceled: a statement timeout, not the server going away
    'SQLITE_CONSTRAINT_UNIQUE',
    'SQLITE_ERROR',
    'SQLITE_BUSYX',
    'FST_ERR_CTP_BODY_TOO_LARGE',
  ])('does not treat %s as unavailable', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(false);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('recognises pg’s uncoded message "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('looks into AggregateErrors and causes', () => {
    const refused = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: coded('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x')], ''))).toBe(false);
  });

  it('ignores things that are not errors and stops on a cause loop', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable({ code: 42 })).toBe(false);
    const looping = new Error('loop') as Error & { cause?: unknown };
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});
