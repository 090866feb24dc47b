import { describe, expect, it } from 'vitest';
import { databaseLocation, databaseStartError } from './startup-errors.ts';

const withCode = (code: string, message = 'driver message') =>
  Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) =>
  new Error('Migrations could not start: driver message', { cause });

describe('the start-up line for a database that cannot be used', () => {
  it.each([
    [
      'postgres://portal:secret@db.internal:6543/portal',
      withCode('ECONNREFUSED'),
      'DATABASE_URL: cannot use PostgreSQL at db.internal:6543/portal: nothing answers there (connection refused); is the server running?',
    ],
    [
      'postgres://portal@nowhere.invalid/portal',
      wrapped(withCode('ENOTFOUND')),
      'DATABASE_URL: cannot use PostgreSQL at nowhere.invalid:5432/portal: the host name is not known',
    ],
    [
      'postgresql://portal:pw@127.0.0.1/missing',
      wrapped(withCode('3D000')),
      'DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:5432/missing: that database does not exist; create it first',
    ],
    [
      'postgres://portal:pw@db/portal',
      withCode('28P01'),
      'DATABASE_URL: cannot use PostgreSQL at db:5432/portal: the password was refused',
    ],
    [
      'sqlite:/no/such/folder/portal.db',
      wrapped(withCode('SQLITE_CANTOPEN')),
      'DATABASE_URL: cannot use the SQLite file /no/such/folder/portal.db: the file cannot be opened (check that its folder exists and is writable)',
    ],
    [
      'sqlite:/etc/hostname/portal.db',
      withCode('ENOTDIR'),
      'DATABASE_URL: cannot use the SQLite file /etc/hostname/portal.db: part of its path is a file, not a folder',
    ],
  ])('%s', (url, error, line) => {
    expect(databaseStartError(error, url)).toBe(line);
  });

  it('never prints the password', () => {
    const line = databaseStartError(withCode('28P01'), 'postgres://portal:s3cret@db/portal');
    expect(line).not.toContain('s3cret');
    expect(line).toBe(
      'DATABASE_URL: cannot use PostgreSQL at db:5432/portal: the password was refused',
    );
  });

  it('leaves other errors to the generic line', () => {
    expect(databaseStartError(new Error('boom'), 'sqlite:data/portal.db')).toBeUndefined();
    expect(databaseStartError(withCode('42P01'), 'sqlite:data/portal.db')).toBeUndefined();
    expect(databaseStartError('text', 'sqlite:data/portal.db')).toBeUndefined();
  });

  it('says where a URL points', () => {
    expect(databaseLocation('sqlite:data/portal.db')).toBe('the SQLite file data/portal.db');
    expect(databaseLocation('postgres://u@h:1/d')).toBe('PostgreSQL at h:1/d');
  });
});
