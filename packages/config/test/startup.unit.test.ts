import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fromWhereRun, StartupError, whatToDo } from '../src/index.ts';

describe('whatToDo', () => {
  it('says which port is taken and which variable moves it', async () => {
    const first = createServer();
    await new Promise<void>((done) => first.listen(0, '127.0.0.1', done));
    const port = (first.address() as { port: number }).port;
    const second = createServer();
    const error = await new Promise<Error>((done) => {
      second.once('error', done);
      second.listen(port, '127.0.0.1');
    });
    first.close();
    expect(whatToDo(error)).toBe(
      `Port ${port} is taken by another process: stop it (\`lsof -i :${port}\` shows which), or start with PORT=<another port>.`,
    );
  });

  it('says where no database answers and which variables point at it', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as { port: number }).port;
    await new Promise((done) => closed.close(done));
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/x` });
    const error = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(whatToDo(error)).toBe(
      `Nothing answers at 127.0.0.1:${port}: start PostgreSQL there, or set DATABASE_URL and EVENT_STORE_URL to one that runs.`,
    );
  });

  it('passes a StartupError on as it is, and leaves an unanticipated error alone', () => {
    expect(whatToDo(new StartupError('Build the web app first: npm run build.'))).toBe(
      'Build the web app first: npm run build.',
    );
    expect(whatToDo(new TypeError('x is undefined'))).toBeUndefined();
    expect(whatToDo('not an error')).toBeUndefined();
  });
});

describe('fromWhereRun', () => {
  it('keeps an absolute path and resolves a relative one from INIT_CWD', () => {
    expect(fromWhereRun('/srv/data', { INIT_CWD: '/home/me' })).toBe('/srv/data');
    expect(fromWhereRun('data/pglite', { INIT_CWD: '/home/me' })).toBe('/home/me/data/pglite');
  });
});
