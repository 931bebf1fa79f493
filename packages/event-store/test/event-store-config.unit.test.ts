import { describe, expect, it } from 'vitest';
import { eventStoreConfig } from '../src/create-event-store.ts';

describe('eventStoreConfig', () => {
  it('reads the location of PGlite as a directory, in memory without one', () => {
    expect(eventStoreConfig('pglite', './data/pglite')).toEqual({
      kind: 'pglite',
      dir: './data/pglite',
    });
    expect(eventStoreConfig('pglite', undefined)).toEqual({ kind: 'pglite' });
  });

  it('reads the location of a server as its URL', () => {
    expect(eventStoreConfig('postgres', 'postgres://h/db')).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://h/db',
    });
    expect(eventStoreConfig('kurrentdb', 'kurrentdb://h:2113?tls=false')).toEqual({
      kind: 'kurrentdb',
      connectionString: 'kurrentdb://h:2113?tls=false',
    });
  });

  it('refuses a server without a URL', () => {
    expect(() => eventStoreConfig('postgres', undefined)).toThrow(/needs a URL/);
  });
});
